import { writeStored } from '../../../lib/storage';

/** Tells other views (the Users screen, other tabs) that roles changed (spec §4). */
export function signalRolesUpdated(): void {
  writeStored('rolesUpdated', String(Date.now()));
}
