import type { ReactNode } from 'react';

/**
 * Write once: a channel sends the message unless the person opens "Different text" for it
 * (a checkbox); its own fields show while it is open.
 */
export function DifferentText({
  channel,
  open,
  onToggle,
  children,
}: {
  channel: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <>
      <label className="entries-check different-text">
        <input
          type="checkbox"
          className="ui-checkbox"
          checked={open}
          onChange={(event) => onToggle(event.target.checked)}
        />
        Different text for {channel}
      </label>
      {open ? children : <p className="ui-muted different-text__note">Sends the message above.</p>}
    </>
  );
}
