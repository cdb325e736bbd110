import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

export type ToastTone = 'info' | 'success' | 'warn' | 'danger';

export type ToastApi = {
  show: (message: string, tone?: ToastTone) => void;
  dismiss: (id: number) => void;
};

type Toast = { id: number; message: string; tone: ToastTone };

export const TOAST_DURATION_MS = 5000;

/** Read by screen readers before the message, so the tone is not told by colour alone. */
const TONE_LABEL: Record<ToastTone, string> = {
  info: 'Info',
  success: 'Success',
  warn: 'Warning',
  danger: 'Error',
};

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  duration?: number;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback((message: string, tone: ToastTone = 'info') => {
    const id = nextId++;
    setToasts((list) => [...list, { id, message, tone }]);
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      {/* Always mounted: a live region must exist before messages are added to it. */}
      <div className="toast-region" role="region" aria-label="Status messages" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} duration={duration} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

function ToastItem({
  toast,
  duration,
  onDismiss,
}: {
  toast: Toast;
  duration: number;
  onDismiss: (id: number) => void;
}) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), duration);
    return () => clearTimeout(timer);
  }, [toast.id, duration, onDismiss]);

  return (
    <div className={`toast toast--${toast.tone}`} data-tone={toast.tone}>
      <p className="toast__message">
        <span className="visually-hidden">{TONE_LABEL[toast.tone]}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss message"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Shows toasts (bottom right); must be used under ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
