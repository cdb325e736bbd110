import { writeStored } from '../../../lib/storage';

/** Tells other views (the Users screen, other tabs) that roles changed. */
export function signalRolesUpdated(): void {
  writeStored('rolesUpdated', String(Date.now()));
}
