import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import { MultiSelect } from '../../../lib/multi-select';
import { useToast } from '../../../lib/toast';
import { useCreateCustomer } from '../api/create-customer';
import type { Customer, CustomerInput, DuplicateBody } from '../api/types';
import { useUpdateCustomer } from '../api/update-customer';
import { EMPTY_INPUT, cleanInput, fieldErrorsOf, inputOf } from '../model/customer-input';
import type { FieldErrors } from '../model/customer-input';
import { customerLabel } from '../model/customer-label';
import { mergePreview } from '../model/merge-preview';
import { hasContact } from '../model/split-values';
import { MultiValueField } from './multi-value-field';

export const NEED_CONTACT = 'Please add at least a name/phone/email';
export const CHECK_FIELDS = 'Please correct the fields marked above.';

type Duplicate = { message: string; customer: Customer };

export type CustomerFormProps = {
  /** Absent: Add Customer; present: Edit Customer. */
  customer?: Customer;
  categoryOptions: readonly string[];
  potentialOptions: readonly string[];
  onClose: () => void;
  /** 409: open the customer who already has the phone or email. */
  onOpenExisting: (existing: Customer) => void;
  /** 409 while editing: merge the edited customer with the existing one. */
  onMergeWith: (customers: Customer[]) => void;
};

/** The Add Customer and Edit Customer modals, with the duplicate choices of a 409. */
export function CustomerFormDialog({ open, ...props }: CustomerFormProps & { open: boolean }) {
  return (
    <Dialog
      open={open}
      onClose={props.onClose}
      title={props.customer ? 'Edit Customer' : 'Add Customer'}
    >
      {/* A new form per customer; the dialog itself stays (focus trap, the opener to return to). */}
      <CustomerForm key={props.customer?._id ?? 'add'} {...props} />
    </Dialog>
  );
}

function duplicateOf(error: unknown): Duplicate | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as DuplicateBody | undefined;
  return body?.customer ? { message: error.message, customer: body.customer } : null;
}

function CustomerForm({
  customer,
  categoryOptions,
  potentialOptions,
  onClose,
  onOpenExisting,
  onMergeWith,
}: CustomerFormProps) {
  const id = useId();
  const toast = useToast();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const [form, setForm] = useState<CustomerInput>(() =>
    customer ? inputOf(customer) : EMPTY_INPUT,
  );
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  const duplicateRef = useRef<HTMLDivElement>(null);
  const busy = create.isPending || update.isPending;
  const editing = Boolean(customer);

  const potentials = [
    ...potentialOptions,
    ...(form.potential && !potentialOptions.includes(form.potential) ? [form.potential] : []),
  ];
  const set = <K extends keyof CustomerInput>(key: K, value: CustomerInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function save(force = false) {
    if (busy) return;
    const input = cleanInput(form);
    setError('');
    setFieldErrors({});
    setDuplicate(null);
    if (!hasContact(input)) {
      setError(NEED_CONTACT);
      return;
    }
    try {
      if (customer) await update.mutateAsync({ id: customer._id, input, force });
      else await create.mutateAsync({ input, force });
      toast.show(customer ? 'Customer updated' : 'Customer added', 'success');
      onClose();
    } catch (caught) {
      const found = duplicateOf(caught);
      if (found) {
        setDuplicate(found);
        requestAnimationFrame(() => {
          duplicateRef.current?.focus({ preventScroll: true });
          duplicateRef.current?.scrollIntoView?.({ block: 'nearest' });
        });
        return;
      }
      const byField = caught instanceof ApiError ? fieldErrorsOf(caught.body) : {};
      setFieldErrors(byField);
      // Each field's message stands under it; the footer only points there.
      setError(
        Object.keys(byField).length > 0
          ? CHECK_FIELDS
          : caught instanceof Error
            ? caught.message
            : editing
              ? 'Update failed'
              : 'Create failed',
      );
    }
  }

  /** Adding: the typed values go into the existing customer. Editing: the merge modal. */
  async function mergeIntoExisting(existing: Customer) {
    if (busy) return;
    if (customer) {
      onMergeWith([customer, existing]);
      return;
    }
    try {
      await update.mutateAsync({
        id: existing._id,
        input: mergePreview(existing, [cleanInput(form)]),
      });
      toast.show('Customers merged', 'success');
      onClose();
    } catch (caught) {
      setError(
        caught instanceof Error && caught.message !== 'Update failed'
          ? caught.message
          : 'Merge failed',
      );
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  return (
    <form
      className="customer-form"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <MultiValueField
        label="Names"
        itemLabel="Name"
        values={form.names}
        onChange={(names) => set('names', names)}
        autoFocus
        autoComplete="off"
        error={fieldErrors.names}
      />
      <MultiValueField
        label="Phones"
        itemLabel="Phone"
        type="tel"
        values={form.phones}
        onChange={(phones) => set('phones', phones)}
        autoComplete="off"
        error={fieldErrors.phones}
      />
      <MultiValueField
        label="Emails"
        itemLabel="Email"
        type="email"
        values={form.emails}
        onChange={(emails) => set('emails', emails)}
        autoComplete="off"
        error={fieldErrors.emails}
      />
      <MultiSelect
        label="Categories"
        options={[
          ...categoryOptions,
          ...form.categories.filter((c) => !categoryOptions.includes(c)),
        ]}
        value={form.categories}
        onChange={(categories) => set('categories', categories)}
        placeholder="None"
        inline
      />
      {fieldErrors.categories && <p className="ui-error-text">{fieldErrors.categories}</p>}
      <label className="ui-field">
        <span className="ui-field__label">Potential</span>
        <select
          className="ui-input"
          value={form.potential}
          onChange={(event) => set('potential', event.target.value)}
        >
          <option value="">Not set</option>
          {potentials.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        {fieldErrors.potential && <span className="ui-error-text">{fieldErrors.potential}</span>}
      </label>
      <label className="ui-field">
        <span className="ui-field__label">Note</span>
        <textarea
          className="ui-input"
          rows={3}
          value={form.note}
          onChange={(event) => set('note', event.target.value)}
        />
        {fieldErrors.note && <span className="ui-error-text">{fieldErrors.note}</span>}
      </label>

      {duplicate && (
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
              {[...(duplicate.customer.phones ?? []), ...(duplicate.customer.emails ?? [])]
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
                onClick={() => void mergeIntoExisting(duplicate.customer)}
              >
                Merge
              </button>
              <button
                type="button"
                className="btn btn--small"
                aria-disabled={busy || undefined}
                onClick={() => void save(true)}
              >
                {editing ? 'Save anyway' : 'Add anyway'}
              </button>
            </div>
          </div>
        </div>
      )}

      <DialogFormFooter
        error={error}
        errorId={`${id}-error`}
        busy={busy}
        submitLabel={editing ? 'Save' : 'Add Customer'}
        onCancel={onClose}
      />
    </form>
  );
}
