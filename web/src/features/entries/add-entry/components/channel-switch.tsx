import { useId } from 'react';
import { Clip } from '../../../../lib/clip';
import type { ReactNode } from 'react';

/**
 * One channel's on/off switch (a checkbox with role="switch") and its recipient; off and
 * disabled with `missing` shown when the customer has no address for it. The channel's fields
 * show while it is on.
 */
export function ChannelSwitch({
  label,
  on,
  onToggle,
  recipient,
  missing,
  warning,
  children,
}: {
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  /** The customer's first phone / email; '' when there is none. */
  recipient: string;
  missing: string;
  /** Said beside the recipient when messages on this channel will not go (opted out). */
  warning?: string;
  children: ReactNode;
}) {
  const id = useId();
  const usable = recipient !== '';
  return (
    <div className="add-entry__channel">
      <div className="add-entry__switch-row">
        <label className="add-entry__switch">
          <input
            type="checkbox"
            role="switch"
            checked={on && usable}
            disabled={!usable}
            aria-describedby={`${id}-to`}
            onChange={(event) => onToggle(event.target.checked)}
          />
          <span className="add-entry__switch-track" aria-hidden="true" />
          <span className="add-entry__switch-label">{label}</span>
        </label>
        <span
          id={`${id}-to`}
          className={usable ? 'ui-muted add-entry__to' : 'ui-error-text add-entry__to'}
        >
          <Clip full={usable ? `To: ${recipient}` : missing} />
        </span>
        {usable && warning && <span className="ui-badge entries-badge--warn">{warning}</span>}
      </div>
      {on && usable && <div className="add-entry__channel-fields">{children}</div>}
    </div>
  );
}
