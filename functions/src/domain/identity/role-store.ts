// Roles in Firestore: roles/{id} = { name, permissions, createdAt, updatedAt }. Built-in roles
// live under their name as id (roles/sales) and read as their defaults until first stored;
// other roles get generated ids. Names are unique, compared trimmed and lowercased.
import type {
  DocumentData,
  DocumentSnapshot,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { toIso } from '../../timestamps';
import { BUILT_IN_ROLES, isBuiltInRole, normalizeRoleName } from './permissions';

export const ROLES = 'roles';

export interface StoredRole {
  id: string;
  name: string;
  permissions: string[];
  builtIn: boolean;
  /** False for a built-in role that has no document yet. */
  stored: boolean;
  createdAt?: string;
  updatedAt?: string;
}

export function roleFromDoc(doc: DocumentSnapshot<DocumentData>): StoredRole {
  const name = normalizeRoleName(String(doc.get('name') ?? doc.id));
  const permissions = doc.get('permissions');
  return {
    id: doc.id,
    name,
    permissions: Array.isArray(permissions) ? permissions.map(String) : [],
    builtIn: isBuiltInRole(name),
    stored: true,
    createdAt: toIso(doc.get('createdAt')),
    updatedAt: toIso(doc.get('updatedAt')),
  };
}

export function builtInRole(name: string): StoredRole {
  return {
    id: name,
    name,
    permissions: [...BUILT_IN_ROLES[name]],
    builtIn: true,
    stored: false,
  };
}

/** The role called `name` (stored, else built-in), or undefined; read inside `tx` when given. */
export async function findRoleByName(
  name: string,
  tx?: Transaction,
  db: Firestore = getDb(),
): Promise<StoredRole | undefined> {
  const wanted = normalizeRoleName(name);
  if (!wanted) return undefined;
  const query = db.collection(ROLES).where('name', '==', wanted).limit(1);
  const snap = tx ? await tx.get(query) : await query.get();
  if (!snap.empty) return roleFromDoc(snap.docs[0]);
  return isBuiltInRole(wanted) ? builtInRole(wanted) : undefined;
}

/** The role with document id `id`; a built-in role's id is its name even before it is stored. */
export async function findRoleById(
  id: string,
  tx?: Transaction,
  db: Firestore = getDb(),
): Promise<StoredRole | undefined> {
  const ref = db.collection(ROLES).doc(id);
  const doc = tx ? await tx.get(ref) : await ref.get();
  if (doc.exists) return roleFromDoc(doc);
  return isBuiltInRole(id) ? builtInRole(id) : undefined;
}

/** Every role, the built-in ones included, sorted by name. */
export async function listRoles(db: Firestore = getDb()): Promise<StoredRole[]> {
  const snap = await db.collection(ROLES).get();
  const byName = new Map<string, StoredRole>();
  for (const doc of snap.docs) {
    const role = roleFromDoc(doc);
    if (!byName.has(role.name)) byName.set(role.name, role);
  }
  for (const name of Object.keys(BUILT_IN_ROLES))
    if (!byName.has(name)) byName.set(name, builtInRole(name));
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
