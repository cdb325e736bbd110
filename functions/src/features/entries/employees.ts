// GET /entries/employees: the people an entry can be assigned to or filtered by
// (approved users only, sorted by name). Employees may call it but must not read the user
// directory, so each choice carries only its id and display name.
import type { EmployeeChoice } from '../../contract/answers';
import { MAX_USERS_LISTED } from '../users';
import { approvedUserNames } from '../../domain/identity/user-store';

export async function listEmployeeChoices(): Promise<EmployeeChoice[]> {
  return (await approvedUserNames(MAX_USERS_LISTED)).sort((a, b) =>
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
}
