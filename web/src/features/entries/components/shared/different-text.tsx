import type { ReactNode } from 'react';
import { CheckLabel } from '../../../../lib/check-label';

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
      <CheckLabel className="entries-check different-text" checked={open} onChange={onToggle}>
        Different text for {channel}
      </CheckLabel>
      {open ? children : <p className="ui-muted different-text__note">Sends the message above.</p>}
    </>
  );
}
