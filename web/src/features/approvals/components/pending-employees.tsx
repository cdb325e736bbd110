import { formatPhone } from '../../../lib/phone';
import {
  pendingUsersQueryOptions,
  useApproveUser,
  useRejectUser,
  type PendingUser,
} from '../../../resources/users';
import { PendingList } from './pending-list';
import type { PendingColumn } from './pending-views';

const dash = (value?: string) => value?.trim() || '—';
const nameOf = (user: PendingUser) => user.fullName || user.name || user.email || 'User';

const COLUMNS: readonly PendingColumn<PendingUser>[] = [
  { header: 'Name', cell: (user) => dash(user.fullName || user.name) },
  { header: 'Email', cell: (user) => dash(user.email) },
  { header: 'Phone', cell: (user) => dash(formatPhone(user.phone ?? '')) },
  { header: 'Role', cell: (user) => dash(user.role) },
];

/** Approvals → Employees: accounts waiting for an admin. */
export function PendingEmployees() {
  const approve = useApproveUser();
  const reject = useRejectUser();
  return (
    <PendingList
      title="Pending Employees"
      noun={['employee', 'employees']}
      badge="User"
      searchPlaceholder="Name, email, phone, role"
      columns={COLUMNS}
      rowLabel={nameOf}
      empty={{ title: 'No pending employees', text: "You're fully staffed for now." }}
      query={pendingUsersQueryOptions()}
      handlers={{
        // Approved with the role the employee registered for.
        approve: (user) => approve.mutateAsync({ id: user._id, role: user.role }),
        reject: (user) => reject.mutateAsync({ id: user._id }),
      }}
    />
  );
}
