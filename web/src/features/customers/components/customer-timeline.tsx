import { CalendarClock, FileText } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { RetryAlert } from '../../../lib/retry-alert';
import { channelLabel, FileLinks, ReceivedMessages, StatusBadge, ToneBadge } from '../../entries';
import type { Entry } from '../../entries';
import { LOAD_TIMELINE_FAILED, useCustomerTimeline } from '../../../resources/entries';
import type { TimelineFollowUp, TimelineItem } from '@contract/customer-timeline';

/** Entries the customer's own messages made (the webhook, the inbox job). */
const INBOUND_SOURCES = new Set(['whatsapp', 'email']);

function EntryItem({ entry, actions }: { entry: Entry; actions: TimelineActions }) {
  const inbound = INBOUND_SOURCES.has(entry.source);
  return (
    <>
      {inbound ? (
        // The customer wrote this: nothing of ours waits to go out; only its entry waits for
        // an admin's approval, and the message itself is in the conversation.
        <p className="timeline__head">
          <strong>Message from the customer</strong>{' '}
          <span className="ui-muted">
            {channelLabel(entry.channel)}
            {entry.status === 'pending' ? ' · its entry awaits approval' : ''}
          </span>
        </p>
      ) : (
        <p className="timeline__head">
          <strong>Entry</strong> <StatusBadge entry={entry} />{' '}
          <span className="ui-muted">{channelLabel(entry.channel)}</span>
        </p>
      )}
      {entry.description && (
        <p className="timeline__text">
          <span className="timeline__label">Message: </span>
          {entry.description}
        </p>
      )}
      {entry.extraNote && (
        <p className="timeline__text">
          <span className="timeline__label">Internal note (never sent): </span>
          {entry.extraNote}
        </p>
      )}
      <ReceivedMessages sends={entry.dispatch} />
      {entry.attachments.length > 0 && <FileLinks files={entry.attachments} />}
      <div className="timeline__actions">
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={() => actions.onFollowUp(entry)}
        >
          Follow-up
        </button>
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={() => actions.onDetails(entry)}
        >
          Show details
        </button>
      </div>
    </>
  );
}

function FollowUpItem({ followUp }: { followUp: TimelineFollowUp }) {
  const scheduled = followUp.status === 'scheduled';
  return (
    <>
      <p className="timeline__head">
        <strong>Follow-up</strong>{' '}
        <ToneBadge tone={scheduled ? 'info' : followUp.status === 'failed' ? 'danger' : 'success'}>
          {followUp.status}
        </ToneBadge>{' '}
        <span className="ui-muted">
          {scheduled ? 'due' : 'was due'} {formatDateTime(followUp.dueAt)}
          {followUp.byName ? ` · by ${followUp.byName}` : ''}
        </span>
      </p>
      {followUp.note && (
        <p className="timeline__text">
          <span className="timeline__label">Notes: </span>
          {followUp.note}
        </p>
      )}
      <ReceivedMessages sends={followUp.results} />
    </>
  );
}

export type TimelineActions = {
  onFollowUp: (entry: Entry) => void;
  onDetails: (entry: Entry) => void;
};

function ItemBody({ item, actions }: { item: TimelineItem; actions: TimelineActions }) {
  return item.kind === 'entry' ? (
    <EntryItem entry={item.entry} actions={actions} />
  ) : (
    <FollowUpItem followUp={item.followUp} />
  );
}

/** The customer's entries, messages, files and follow-ups, newest first. */
export function CustomerTimeline({
  customerId,
  actions,
}: {
  customerId: string;
  actions: TimelineActions;
}) {
  const timeline = useCustomerTimeline(customerId);
  const items = timeline.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="ui-panel timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="ui-panel__title">
        History
      </h2>
      {timeline.isPending ? (
        <p className="ui-empty" role="status">
          Loading history…
        </p>
      ) : timeline.isError && items.length === 0 ? (
        <RetryAlert
          error={timeline.error}
          fallback={LOAD_TIMELINE_FAILED}
          onRetry={() => void timeline.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="ui-empty">No entries or follow-ups yet.</p>
      ) : (
        <ol className="timeline__list">
          {items.map((item) => (
            <li
              key={`${item.kind}:${item._id}`}
              className={`timeline__item timeline__item--${item.kind}`}
            >
              <span className="timeline__icon" aria-hidden="true">
                {item.kind === 'entry' ? <FileText size={18} /> : <CalendarClock size={18} />}
              </span>
              <div className="timeline__body">
                <time className="timeline__time" dateTime={item.at}>
                  {formatDateTime(item.at)}
                </time>
                <ItemBody item={item} actions={actions} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {timeline.hasNextPage && (
        <button
          type="button"
          className="btn btn--outline btn--small"
          aria-disabled={timeline.isFetchingNextPage || undefined}
          onClick={() => {
            if (!timeline.isFetchingNextPage) void timeline.fetchNextPage();
          }}
        >
          {timeline.isFetchingNextPage ? 'Loading…' : 'Load older'}
        </button>
      )}
    </section>
  );
}
