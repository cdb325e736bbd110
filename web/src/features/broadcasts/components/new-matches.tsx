// A done broadcast of customer filters goes on to its new matches: the customers its filters
// match now that it has not messaged (those it did are counted apart, "already messaged"), at
// the press of one button; each customer still gets it at most once.
import type { Broadcast } from '@contract/broadcasts';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useNewMatches, useSendToNewMatches } from '../api/broadcasts-api';
import { formatCount } from '../model/numbers';
import { AudienceCountView } from './audience-panel';

const matches = (n: number) => `${formatCount(n)} new ${n === 1 ? 'match' : 'matches'}`;

/** The runs so far: when, by whom, how many it added. */
export function NewMatchRuns({ broadcast }: { broadcast: Broadcast }) {
  if (broadcast.newMatchRuns.length === 0) return null;
  return (
    <ul className="broadcast-report__runs">
      {broadcast.newMatchRuns.map((run) => (
        <li key={run.at}>
          Sent to {matches(run.added)} {formatDateTime(run.at)} by {run.by.name}
        </li>
      ))}
    </ul>
  );
}

/** The count of new matches and the button that sends to them. */
export function NewMatches({ broadcast }: { broadcast: Broadcast }) {
  const count = useNewMatches(broadcast._id, true);
  const send = useSendToNewMatches(broadcast._id);
  const toast = useToast();
  const found = count.data?.audienceCount ?? 0;
  return (
    <section className="broadcast-new-matches" aria-label="New matches">
      <h3>New matches</h3>
      <p className="ui-muted">
        Customers its filters match now that it has not messaged; nobody gets it twice.
      </p>
      <AudienceCountView count={count} idle="" />
      <div className="broadcast-report__actions">
        <button
          type="button"
          className="btn"
          // A recount in the background keeps the button: the server sends to the matches it
          // finds at the press, and the toast says how many those were.
          disabled={found === 0 || send.isPending || count.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (changed) =>
                toast.show(
                  `Sending to ${matches(changed.newMatchRuns.at(-1)?.added ?? found)}`,
                  'success',
                ),
              onError: (error) =>
                toast.show(errorMessage(error, 'Failed to send to the new matches'), 'danger'),
            })
          }
        >
          {send.isPending ? 'Sending…' : `Send to ${matches(found)}`}
        </button>
      </div>
    </section>
  );
}
