import type { Broadcast, BroadcastCounts, BroadcastState } from '@contract/broadcasts';
import { formatDateTime } from '../../../lib/format';
import { QueryState } from '../../../lib/query-state';
import { useBroadcast } from '../api/broadcasts-api';
import { excludedSummary, formatCount, formatPaise } from '../model/numbers';
import { quoteFileName } from './header-field';
import { NewMatches, NewMatchRuns } from './new-matches';
import { ReportActions } from './report-actions';

export const STATE_LABEL: Record<BroadcastState, string> = {
  draft: 'Not started',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  waiting: 'Waiting for the messaging limit',
  done: 'Done',
  cancelled: 'Cancelled',
};

const COUNT_LABELS: [keyof BroadcastCounts, string][] = [
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['read', 'Read'],
  ['replied', 'Replied'],
  ['failed', 'Failed'],
  ['skipped', 'Skipped'],
  ['optedOutAfter', 'Opted out after it'],
];

/** One broadcast's report: its state, counts as they move, the audience and the cost. */
export function BroadcastReport({ id }: { id: string }) {
  const query = useBroadcast(id);
  return (
    <section className="ui-panel broadcast-report" aria-label="Report">
      <QueryState query={query} errorFallback="Failed to load the broadcast">
        {(broadcast) => <ReportBody broadcast={broadcast} />}
      </QueryState>
    </section>
  );
}

function ReportBody({ broadcast }: { broadcast: Broadcast }) {
  const excluded = excludedSummary(broadcast.excluded);
  return (
    <>
      <div className="broadcast-report__head">
        <h2 className="ui-panel__title">{broadcast.name}</h2>
        <span className="ui-badge">{STATE_LABEL[broadcast.state]}</span>
      </div>
      <p className="ui-muted">
        {broadcast.template.name} · by {broadcast.createdBy.name} ·{' '}
        {broadcast.startedAt
          ? `started ${formatDateTime(broadcast.startedAt)}${
              broadcast.startedBy ? ` by ${broadcast.startedBy.name}` : ''
            }`
          : broadcast.sendAt
            ? `to start ${formatDateTime(broadcast.sendAt)}`
            : `made ${formatDateTime(broadcast.createdAt)}`}
        {broadcast.state === 'waiting' &&
          broadcast.waitUntil &&
          ` · goes on ${formatDateTime(broadcast.waitUntil)}`}
      </p>
      {broadcast.header && (
        <p className="ui-muted">
          In its {broadcast.header.type} header:{' '}
          {broadcast.header.quote
            ? quoteFileName(broadcast.header.quote.number)
            : broadcast.header.file.name}
        </p>
      )}
      <ReportActions broadcast={broadcast} />
      <dl className="broadcast-report__counts" aria-live="polite">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className="broadcast-report__count">
            <dt>{label}</dt>
            <dd>{formatCount(broadcast.counts[key])}</dd>
          </div>
        ))}
      </dl>
      <p>
        {formatCount(broadcast.audienceCount)} recipients · estimated cost{' '}
        {formatPaise(broadcast.estimatedCost)}
        {broadcast.startedAt &&
          ` · ${formatPaise(broadcast.deliveredCost)} for the ${formatCount(broadcast.counts.delivered)} delivered`}
        {excluded && ` · excluded: ${excluded}`}
      </p>
      <NewMatchRuns broadcast={broadcast} />
      {broadcast.state === 'done' && 'filters' in broadcast.audience && (
        <NewMatches broadcast={broadcast} />
      )}
    </>
  );
}
