import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useCreateCustomer } from '../api/create-customer';
import type { Customer, CustomerInput, DuplicateBody } from '../api/types';
import { useUpdateCustomer } from '../api/update-customer';
import {
  EMPTY_INPUT,
  cleanInput,
  fieldErrorsOf,
  gstinError,
  inputOf,
} from '../model/customer-input';
import type { FieldErrors } from '../model/customer-input';
import { mergePreview } from '../model/merge-preview';
import { hasContact } from '../model/split-values';

export const NEED_CONTACT = 'Please add at least a name/phone/email';
export const CHECK_FIELDS = 'Please correct the fields marked above.';

/** A new customer's GST details only when typed (an edit sends '' to clear them). */
function withoutEmptyTax({ gstin, billingState, ...rest }: CustomerInput): CustomerInput {
  return { ...rest, ...(gstin && { gstin }), ...(billingState && { billingState }) };
}

/** A 409's customer who already has one of the typed phones or emails. */
export type Duplicate = { message: string; customer: Customer };

function duplicateOf(error: unknown): Duplicate | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as DuplicateBody | undefined;
  return body?.customer ? { message: error.message, customer: body.customer } : null;
}

/**
 * The Add / Edit Customer form's state: the values, the errors (the form's and each field's),
 * a duplicate found by the server, and the ways on from it (save anyway, merge into it).
 */
export function useCustomerForm({
  customer,
  onClose,
  onMergeWith,
}: {
  customer?: Customer;
  onClose: () => void;
  onMergeWith: (customers: Customer[]) => void;
}) {
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
    const badGstin = gstinError(input);
    if (badGstin) {
      setFieldErrors({ gstin: badGstin });
      setError(CHECK_FIELDS);
      return;
    }
    try {
      if (customer) await update.mutateAsync({ id: customer._id, input, force });
      else await create.mutateAsync({ input: withoutEmptyTax(input), force });
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

  return {
    form,
    set,
    error,
    fieldErrors,
    duplicate,
    duplicateRef,
    busy,
    editing,
    save,
    mergeIntoExisting,
  };
}
