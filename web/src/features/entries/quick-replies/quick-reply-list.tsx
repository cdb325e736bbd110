import { X } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { useListboxKeys } from '../../../lib/use-listbox-keys';
import { useToast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteSavedReply, useSavedReplies } from '../../../resources/saved-replies';
import { useTemplateChoices } from '../../../resources/templates';
import {
  fillQuickReply,
  quickReplies,
  quickReplyQuery,
  type QuickReplyFill,
} from './quick-replies';
import './quick-replies.css';

/**
 * The "/" list of a message box (the reply box, Add Entry's message): while the box holds only
 * "/" and a few letters, the person's saved replies and the templates whose title has them,
 * picked with a tap or the arrow keys and Enter (Escape leaves it); under it, a Delete for each
 * of the person's own listed. The box keeps the focus; `textareaProps` tie it to the list for screen readers.
 */
export function useQuickReplyList({
  text,
  customerName,
  onlyApproved,
  onPick,
  onDismiss,
}: {
  text: string;
  /** Fills {{name}}. */
  customerName: string;
  /** Outside WhatsApp's window: only templates linked to an approved one can go. */
  onlyApproved: boolean;
  onPick: (fill: QuickReplyFill) => void;
  onDismiss: () => void;
}) {
  const listId = useId();
  const toast = useToast();
  const templates = useTemplateChoices();
  const saved = useSavedReplies();
  const remove = useDeleteSavedReply();
  const query = quickReplyQuery(text);
  const options = query === null ? [] : quickReplies(templates, saved, query, onlyApproved);
  const open = query !== null;
  const pick = (reply: (typeof options)[number]) => onPick(fillQuickReply(reply, customerName));
  const keys = useListboxKeys({ options, search: query, onPick: pick, onEscape: onDismiss });
  const index = keys.index;
  /** Handles the keys the open list takes; true when it took this one. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => open && keys.onKeyDown(event);

  const optionId = (i: number) => `${listId}-${i}`;
  const own = options.flatMap((reply) => (reply.kind === 'saved' ? [reply.saved] : []));
  const list = open ? (
    <div className="quick-replies">
      <ul id={listId} className="quick-replies__list" role="listbox" aria-label="Quick replies">
        {options.map((reply, i) => (
          <li
            key={reply.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === index}
            className="quick-replies__option"
            title={reply.content}
            // The box keeps the focus (and its text) while the option is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(reply)}
          >
            <span className="quick-replies__title">
              {reply.title}
              {reply.kind === 'saved' && (
                <span className="quick-replies__mine">
                  {reply.saved.attachment
                    ? ` · yours · ${reply.saved.attachment.name}`
                    : ' · yours'}
                </span>
              )}
            </span>
            <span className="quick-replies__text">{reply.content}</span>
          </li>
        ))}
        {options.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className="ui-muted">
            {onlyApproved
              ? 'No template linked to an approved one has that title'
              : 'No quick reply has that title'}
          </li>
        )}
      </ul>
      {/* Delete sits beside the list, not in an option: an option holds no control. */}
      {own.length > 0 && (
        <ul className="quick-replies__own" aria-label="Your saved replies">
          {own.map((saved) => (
            <li key={saved._id}>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={`Delete saved reply ${saved.title}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() =>
                  remove.mutate(saved._id, {
                    onSuccess: () => toast.show(`Saved reply "${saved.title}" deleted`, 'success'),
                    onError: (error) => toast.show(errorMessage(error, 'Not deleted'), 'danger'),
                  })
                }
              >
                <X aria-hidden="true" size={14} /> {saved.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  ) : null;

  return {
    list,
    onKeyDown,
    textareaProps: {
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open && options[index] ? optionId(index) : undefined,
    },
  };
}
