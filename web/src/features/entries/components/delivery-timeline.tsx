import { formatDateTime } from '../../../lib/format';
import type { SendStep } from '../../../resources/entries';
import { sendStatusLabel, sendStatusTone } from '../model/entry-view';
import { ToneBadge } from './entry-parts';

/** A message's way, oldest first: each status with its time (en-IN) and reason. */
export function DeliveryTimeline({ steps, label }: { steps: readonly SendStep[]; label: string }) {
  if (steps.length === 0) return <span className="ui-muted">—</span>;
  return (
    <ol className="entries-timeline" aria-label={label}>
      {steps.map((step, index) => (
        <li key={`${step.status}-${step.at}-${index}`} className="entries-timeline__step">
          <ToneBadge tone={sendStatusTone(step.status)}>{sendStatusLabel(step.status)}</ToneBadge>
          <span className="ui-muted"> {formatDateTime(step.at)}</span>
          {step.error && <span className="entries-timeline__error">{step.error}</span>}
        </li>
      ))}
    </ol>
  );
}
