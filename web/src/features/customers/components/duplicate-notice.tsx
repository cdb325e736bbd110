import type { RefObject } from 'react';
import { formatPhone } from '../../../lib/phone';
import type { Customer } from '../api/types';
import { customerLabel } from '../model/customer-label';
import type { Duplicate } from './use-customer-form';

/** A 409's notice: who already has the value, and Open existing, Merge, or Add / Save anyway. */
export function DuplicateNotice({
  duplicate,
  duplicateRef,
  busy,
  editing,
  onOpenExisting,
  onMerge,
  onSaveAnyway,
}: {
  duplicate: Duplicate;
  duplicateRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
  editing: boolean;
  onOpenExisting: (existing: Customer) => void;
  onMerge: (existing: Customer) => void;
  onSaveAnyway: () => void;
}) {
  return (
    <div
      ref={duplicateRef}
      className="ui-alert ui-alert--info duplicate-notice"
      role="alert"
      tabIndex={-1}
    >
      <div>
        <p className="duplicate-notice__title">{duplicate.message}</p>
        <p>
          Existing customer: <strong>{customerLabel(duplicate.customer)}</strong>
          {[
            ...(duplicate.customer.phones ?? []).map(formatPhone),
            ...(duplicate.customer.emails ?? []),
          ]
            .slice(0, 3)
            .map((v) => ` · ${v}`)
            .join('')}
        </p>
        <div className="ui-actions duplicate-notice__actions">
          <button
            type="button"
            className="btn btn--outline btn--small"
            onClick={() => onOpenExisting(duplicate.customer)}
          >
            Open existing
          </button>
          <button
            type="button"
            className="btn btn--outline btn--small"
            aria-disabled={busy || undefined}
            onClick={() => onMerge(duplicate.customer)}
          >
            Merge
          </button>
          <button
            type="button"
            className="btn btn--small"
            aria-disabled={busy || undefined}
            onClick={onSaveAnyway}
          >
            {editing ? 'Save anyway' : 'Add anyway'}
          </button>
        </div>
      </div>
    </div>
  );
}
