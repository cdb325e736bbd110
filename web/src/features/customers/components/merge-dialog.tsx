import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import { formatDate } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useMergeCustomers } from '../api/merge-customers';
import type { Customer } from '../api/types';
import { customerLabel } from '../model/customer-label';
import { mergePreview } from '../model/merge-preview';
import { PotentialBadge } from './potential-badge';

type MergeProps = {
  customers: readonly Customer[];
  onClose: () => void;
  onMerged: (customer: Customer) => void;
};

/** Merge Customers: pick the primary, preview what it keeps, merge. */
export function MergeDialog({ open, ...props }: MergeProps & { open: boolean }) {
  return (
    <Dialog open={open} onClose={props.onClose} title="Merge Customers">
      <MergeForm {...props} />
    </Dialog>
  );
}

const joined = (values: readonly string[]) => (values.length ? values.join(', ') : '—');

function MergeForm({ customers, onClose, onMerged }: MergeProps) {
  const id = useId();
  const toast = useToast();
  const merge = useMergeCustomers();
  const [primaryId, setPrimaryId] = useState(customers[0]?._id ?? '');
  const primary = customers.find((c) => c._id === primaryId) ?? customers[0];
  const others = customers.filter((c) => c !== primary);
  const [error, setError] = useState('');

  if (!primary || others.length === 0) {
    return <p role="alert">Select at least 2 customers to merge.</p>;
  }
  const preview = mergePreview(primary, others);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (merge.isPending) return;
    setError('');
    merge.mutate(
      { primary, others },
      {
        onSuccess: (customer) => {
          toast.show('Customers merged', 'success');
          onMerged(customer);
        },
        onError: (caught) => {
          const message = caught.message || 'Merge failed';
          setError(message);
          toast.show(message, 'danger');
        },
      },
    );
  }

  return (
    <form className="merge-form" onSubmit={submit} noValidate>
      <fieldset className="merge-form__choices">
        <legend className="ui-field__label">Primary customer (keeps its record)</legend>
        {customers.map((customer) => (
          <label key={customer._id} className="merge-form__choice">
            <input
              type="radio"
              name={`${id}-primary`}
              value={customer._id}
              checked={customer._id === primary._id}
              onChange={() => setPrimaryId(customer._id)}
            />
            <span>
              <strong>{customerLabel(customer)}</strong>
              <span className="ui-muted">
                {' '}
                · {joined([...(customer.phones ?? []), ...(customer.emails ?? [])].slice(0, 2))} ·
                created {formatDate(customer.createdAt)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      <section aria-labelledby={`${id}-preview`} className="merge-form__preview">
        <h3 id={`${id}-preview`} className="merge-form__heading">
          Merged result
        </h3>
        <dl className="ui-card__fields">
          <dt>Names</dt>
          <dd>{joined(preview.names)}</dd>
          <dt>Phones</dt>
          <dd>{joined(preview.phones)}</dd>
          <dt>Emails</dt>
          <dd>{joined(preview.emails)}</dd>
          <dt>Categories</dt>
          <dd>{joined(preview.categories)}</dd>
          <dt>Potential</dt>
          <dd>
            <PotentialBadge potential={preview.potential} />
          </dd>
          <dt>Note</dt>
          <dd className="merge-form__note">{preview.note || '—'}</dd>
        </dl>
        <p className="ui-muted">
          {others.length === 1
            ? `${customerLabel(others[0])} will be removed.`
            : `${others.length} other customers will be removed.`}
        </p>
      </section>

      <DialogFormFooter
        error={error}
        busy={merge.isPending}
        submitLabel="Merge"
        busyLabel="Merging…"
        onCancel={onClose}
      />
    </form>
  );
}
