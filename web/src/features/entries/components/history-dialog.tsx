import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { Dialog } from '../../../lib/dialog';
import { formatDateTime } from '../../../lib/format';
import { ListState } from '../../../lib/list-state';
import { useToast } from '../../../lib/toast';
import {
  COMMENT_FAILED,
  type Entry,
  LOAD_HISTORY_FAILED,
  useAddComment,
  useHistory,
} from '../../../resources/entries';
import { NO_HISTORY } from '../model/constants';
import { customerName, HISTORY_LABELS, historyTone } from '../model/entry-view';
import { CHANNEL_NAME } from '../model/send-toasts';
import { DeliveryTimeline } from './delivery-timeline';
import { ReceivedMessage } from './received-message';
import { ToneBadge } from './entry-parts';

export const COMMENT_REQUIRED = 'Please write a comment';

/** The entry's history, newest first, and a form to add a comment (with entries.write). */
export function HistoryDialog({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      title={entry ? `History – ${customerName(entry)}` : 'History'}
    >
      {entry && <History entry={entry} />}
    </Dialog>
  );
}

function History({ entry }: { entry: Entry }) {
  const history = useHistory(entry._id);
  const items = history.data ?? [];
  const canComment = useCan('entries.write');
  return (
    <div className="entries-dialog">
      <Delivery entry={entry} />
      {canComment && <CommentForm entryId={entry._id} />}
      <ListState
        query={history}
        loading="Loading history…"
        errorFallback={LOAD_HISTORY_FAILED}
        isEmpty={items.length === 0}
        empty={<p className="ui-empty">{NO_HISTORY}</p>}
      >
        <ol className="entries-history" aria-label="History, newest first">
          {items.map((item) => (
            <li key={item._id} className="entries-history__item">
              <div className="entries-history__head">
                <ToneBadge tone={historyTone(item.type)}>
                  {HISTORY_LABELS[item.type] ?? item.type}
                </ToneBadge>
                <span className="ui-muted">
                  {formatDateTime(item.when ?? item.createdAt)}
                  {item.byName ? ` · ${item.byName}` : ''}
                </span>
              </div>
              <p className="entries-pre">{item.text}</p>
            </li>
          ))}
        </ol>
      </ListState>
    </div>
  );
}

/**
 * What the customer received on each channel (the words, the state, the reason), and its way
 * there with times, when the entry sent anything.
 */
function Delivery({ entry }: { entry: Entry }) {
  const channels = (['whatsapp', 'email'] as const).filter((c) => entry.dispatch[c]);
  if (channels.length === 0) return null;
  return (
    <section className="entries-delivery" aria-label="Delivery">
      <h3>What the customer received</h3>
      {channels.map((channel) => (
        <div key={channel}>
          <ReceivedMessage channel={channel} send={entry.dispatch[channel]!} />
          <DeliveryTimeline
            steps={entry.dispatch[channel]?.timeline ?? []}
            label={`${CHANNEL_NAME[channel]} delivery`}
          />
        </div>
      ))}
    </section>
  );
}

function CommentForm({ entryId }: { entryId: string }) {
  const id = useId();
  const toast = useToast();
  const add = useAddComment();
  const [text, setText] = useState('');
  const [error, setError] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    if (!text.trim()) {
      setError(COMMENT_REQUIRED);
      return;
    }
    setError('');
    add.mutate(
      { id: entryId, text: text.trim() },
      {
        onSuccess: () => {
          setText('');
          toast.show('Comment added', 'success');
        },
        onError: (err) => {
          const message = errorMessage(err, COMMENT_FAILED);
          setError(message);
          toast.show(message, 'danger');
        },
      },
    );
  }

  return (
    <form className="entries-comment" onSubmit={onSubmit} noValidate>
      <label className="ui-field__label" htmlFor={`${id}-text`}>
        Add a comment
      </label>
      <textarea
        id={`${id}-text`}
        className="ui-input"
        rows={2}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="ui-actions">
        <button type="submit" className="btn btn--small" aria-disabled={add.isPending || undefined}>
          {add.isPending ? 'Saving…' : 'Add comment'}
        </button>
      </div>
    </form>
  );
}
