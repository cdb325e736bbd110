import { errorMessage } from '../../../lib/api-client';
import { FormField } from '../../../lib/form-field';
import { useToast } from '../../../lib/toast';
import { useUsers } from '../../../resources/users';
import { useSetCustomerOwner } from '../api/set-customer-owner';
import { ownerName, type Customer } from '../api/types';

const NO_OWNER = '';

/**
 * The customer's owner (whom their replies reach): shown to everyone, changed by admins from
 * the approved employees.
 */
export function OwnerField({ customer, canChange }: { customer: Customer; canChange: boolean }) {
  const toast = useToast();
  const users = useUsers({ enabled: canChange });
  const change = useSetCustomerOwner();
  if (!canChange) return <>{ownerName(customer)}</>;
  const people = (users.data ?? []).filter((u) => u.approved !== false);
  const current = customer.owner?._id ?? NO_OWNER;
  return (
    <FormField
      as="select"
      label="Change owner"
      value={current}
      disabled={change.isPending}
      onValueChange={(ownerId) =>
        change.mutate(
          { id: customer._id, ownerId: ownerId || null },
          {
            onSuccess: (saved) => toast.show(`Owner: ${ownerName(saved)}`, 'success'),
            onError: (error) =>
              toast.show(errorMessage(error, 'Could not change the owner'), 'danger'),
          },
        )
      }
    >
      <option value={NO_OWNER}>No owner</option>
      {customer.owner && !people.some((u) => u._id === customer.owner?._id) && (
        <option value={customer.owner._id}>{customer.owner.name}</option>
      )}
      {people.map((user) => (
        <option key={user._id} value={user._id}>
          {user.fullName || user.name || user.email}
        </option>
      ))}
    </FormField>
  );
}
