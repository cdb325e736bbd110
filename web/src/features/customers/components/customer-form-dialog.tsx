import { useId } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import type { Customer } from '../api/types';
import { CustomerFields } from './customer-fields';
import { DuplicateNotice } from './duplicate-notice';
import { useCustomerForm } from './use-customer-form';

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

function CustomerForm({
  customer,
  categoryOptions,
  potentialOptions,
  onClose,
  onOpenExisting,
  onMergeWith,
}: CustomerFormProps) {
  const id = useId();
  const state = useCustomerForm({ customer, onClose, onMergeWith });
  const { error, duplicate, busy, editing } = state;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void state.save();
  }

  return (
    <form
      className="customer-form"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <CustomerFields
        form={state.form}
        set={state.set}
        fieldErrors={state.fieldErrors}
        categoryOptions={categoryOptions}
        potentialOptions={potentialOptions}
      />
      {duplicate && (
        <DuplicateNotice
          duplicate={duplicate}
          duplicateRef={state.duplicateRef}
          busy={busy}
          editing={editing}
          onOpenExisting={onOpenExisting}
          onMerge={(existing) => void state.mergeIntoExisting(existing)}
          onSaveAnyway={() => void state.save(true)}
        />
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
