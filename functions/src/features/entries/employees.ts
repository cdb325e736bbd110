// GET /entries/employees: the people an entry can be assigned to or filtered by
// (approved users only, sorted by name). Employees may call it but must not read the user
// directory, so each choice carries only its id and display name.
import { getDb } from '../../firebase';
import { MAX_USERS_LISTED } from '../users';
import { displayName, USERS } from '../../domain/identity/user-store';

export interface EmployeeChoice {
  _id: string;
  name: string;
}

export async function listEmployeeChoices(): Promise<EmployeeChoice[]> {
  // Only the two fields the name is made of are read, never phones or roles.
  const snap = await getDb()
    .collection(USERS)
    .where('approved', '==', true)
    .select('fullName', 'email')
    .limit(MAX_USERS_LISTED)
    .get();
  return snap.docs
    .map((doc) => ({
      _id: doc.id,
      name: displayName({
        fullName: String(doc.get('fullName') ?? ''),
        email: String(doc.get('email') ?? ''),
      }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}
