import { OWNER_FILTER } from '@contract/customers';
import { useEmployees } from '../entries';

export interface OwnerOption {
  value: string;
  label: string;
}

/**
 * The choices of an owner filter ('' first: anyone's). With `everyone` (an admin's customer
 * list, a broadcast's audience) any approved employee, from the names-only list that a sender
 * of broadcasts may read without the user directory, or "No owner"; "Mine" with `withMine`,
 * which the list reads as the caller.
 */
export function useOwnerOptions({
  everyone,
  withMine,
}: {
  everyone: boolean;
  withMine: boolean;
}): OwnerOption[] {
  const employees = useEmployees({ enabled: everyone });
  const people = everyone ? (employees.data ?? []) : [];
  return [
    { value: '', label: 'Anyone' },
    ...(withMine ? [{ value: OWNER_FILTER.mine, label: 'Mine' }] : []),
    ...(everyone ? [{ value: OWNER_FILTER.none, label: 'No owner' }] : []),
    ...people.map((p) => ({ value: p._id, label: p.name })),
  ];
}
