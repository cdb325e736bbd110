import { Dialog } from '../../../lib/dialog';
import type { Customer } from '../api/types';
import { customerLabel } from '../model/customer-label';

/**
 * Hook for the entries issue: the Customers screen opens this for a row's Add Entry. The real
 * Add Entry modal (message, attachments, meta, channels and templates) replaces the body.
 */
export function AddEntryDialog({
  customer,
  onClose,
}: {
  customer: Customer | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={customer !== null} onClose={onClose} title="Add Entry">
      {customer && (
        <>
          <p>
            Entries for <strong>{customerLabel(customer)}</strong> are coming soon: this is where
            the message, attachments, channels and templates will be filled in.
          </p>
          <div className="ui-actions ui-actions--end">
            <button type="button" className="btn" onClick={onClose}>
              OK
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
