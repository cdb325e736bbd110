import { useId, useState } from 'react';
import { Dialog } from '../../../lib/dialog';
import { formatPhone } from '../../../lib/phone';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCustomerSearch } from '../api/get-customers';
import type { Customer } from '../api/types';
import { SEARCH_DEBOUNCE_MS } from '../model/constants';
import { customerLabel } from '../model/customer-label';

/** From a customer's page: find the customers to merge with this one, then Merge Customers. */
export function MergePickerDialog({
  customer,
  open,
  onClose,
  onPicked,
}: {
  customer: Customer;
  open: boolean;
  onClose: () => void;
  onPicked: (customers: Customer[]) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Merge with…">
      <MergePicker customer={customer} onPicked={onPicked} />
    </Dialog>
  );
}

function MergePicker({
  customer,
  onPicked,
}: {
  customer: Customer;
  onPicked: (customers: Customer[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Customer[]>([]);
  const results = useCustomerSearch(useDebouncedValue(text, SEARCH_DEBOUNCE_MS));
  const found = (results.data?.items ?? []).filter((c) => c._id !== customer._id);
  const isPicked = (c: Customer) => picked.some((p) => p._id === c._id);
  const toggle = (c: Customer, on: boolean) =>
    setPicked((current) => (on ? [...current, c] : current.filter((p) => p._id !== c._id)));
  const shown = [...picked, ...found.filter((c) => !isPicked(c))];

  return (
    <div className="merge-picker">
      <label className="ui-field" htmlFor={`${id}-q`}>
        <span className="ui-field__label">Find by name, phone or email</span>
        <input
          id={`${id}-q`}
          type="search"
          className="ui-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {shown.length > 0 && (
        <ul className="merge-picker__list" aria-label="Customers to merge">
          {shown.map((c) => (
            <li key={c._id}>
              <label>
                <input
                  type="checkbox"
                  className="ui-checkbox"
                  checked={isPicked(c)}
                  onChange={(event) => toggle(c, event.target.checked)}
                />{' '}
                {customerLabel(c)}
                {c.phones?.[0] && <span className="ui-muted"> · {formatPhone(c.phones[0])}</span>}
                {c.emails?.[0] && <span className="ui-muted"> · {c.emails[0]}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      {text.trim() && results.isSuccess && found.length === 0 && (
        <p className="ui-muted">No other customer matches.</p>
      )}
      <div className="ui-actions ui-actions--end">
        <button
          type="button"
          className="btn"
          aria-disabled={picked.length === 0 || undefined}
          onClick={() => {
            if (picked.length > 0) onPicked([customer, ...picked]);
          }}
        >
          Continue
        </button>
      </div>
    </div>
  );
}
