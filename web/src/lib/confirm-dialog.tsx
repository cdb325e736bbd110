import { useCallback, useRef, useState } from 'react';
import { Dialog } from './dialog';
import './ui.css';

type Request = { message: string; confirmLabel: string; tone: 'primary' | 'danger' };

/**
 * An in-page replacement for window.confirm built on the accessible Dialog: `confirm(message)`
 * resolves true on the confirm button, false on Cancel, Escape, Close or a backdrop click.
 * Render `dialog` once in the component that asks.
 */
export function useConfirm() {
  const [request, setRequest] = useState<Request | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback(
    (message: string, options?: { confirmLabel?: string; tone?: Request['tone'] }) => {
      resolveRef.current?.(false);
      setRequest({
        message,
        confirmLabel: options?.confirmLabel ?? 'OK',
        tone: options?.tone ?? 'primary',
      });
      return new Promise<boolean>((resolve) => {
        resolveRef.current = resolve;
      });
    },
    [],
  );

  function settle(answer: boolean) {
    resolveRef.current?.(answer);
    resolveRef.current = null;
    setRequest(null);
  }

  const dialog = (
    <Dialog open={request !== null} onClose={() => settle(false)} title={request?.message}>
      <div className="ui-actions ui-actions--end">
        <button type="button" className="btn btn--outline" onClick={() => settle(false)}>
          Cancel
        </button>
        <button
          type="button"
          className={request?.tone === 'danger' ? 'btn btn--danger' : 'btn'}
          onClick={() => settle(true)}
        >
          {request?.confirmLabel}
        </button>
      </div>
    </Dialog>
  );

  return { confirm, dialog };
}
