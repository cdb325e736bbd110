import { OWNER_FILTER } from '@contract/customers';
import { useUsers } from '../users';

export interface OwnerOption {
  value: string;
  label: string;
}

/**
 * The choices of an owner filter ('' first: anyone's). Admins (`everyone`) pick any approved
 * employee or "No owner"; anyone else "Mine" (`withMine`), which the list reads as the caller.
 */
export function useOwnerOptions({
  everyone,
  withMine,
}: {
  everyone: boolean;
  withMine: boolean;
}): OwnerOption[] {
  const users = useUsers({ enabled: everyone });
  const people = everyone ? (users.data ?? []).filter((u) => u.approved !== false) : [];
  return [
    { value: '', label: 'Anyone' },
    ...(withMine ? [{ value: OWNER_FILTER.mine, label: 'Mine' }] : []),
    ...(everyone ? [{ value: OWNER_FILTER.none, label: 'No owner' }] : []),
    ...people.map((u) => ({ value: u._id, label: u.fullName || u.name || u.email || u._id })),
  ];
}
