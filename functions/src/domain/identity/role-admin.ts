// Roles & Access (the roles feature's routes call it; roles and users are this folder's): create,
// edit (renaming carries the role's users along), delete when unused.
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { timestampNow } from '../../timestamps';
import { countUsersByRole, USERS } from './user-store';
import { grantsOf, sessionsHoldingRole } from './sessions';
import { ADMIN_ROLE, ALL_PERMISSIONS } from './permissions';
import { findRoleById, findRoleByName, listRoles, ROLES, type StoredRole } from './role-store';

export interface RoleInput {
  /** Trimmed and lowercased already. */
  name: string;
  /** Known permissions, deduplicated already. */
  permissions: string[];
}

export interface RoleAnswer {
  _id: string;
  name: string;
  permissions: string[];
  builtIn: boolean;
  /** Users holding the role, names compared case-insensitively. */
  usersCount: number;
  createdAt?: string;
  updatedAt?: string;
}

export const ROLE_IN_USE = 'This role is in use by users. Reassign users first.';

function toAnswer(role: StoredRole, usersCount: number): RoleAnswer {
  const { id, name, permissions, builtIn, createdAt, updatedAt } = role;
  return { _id: id, name, permissions, builtIn, usersCount, createdAt, updatedAt };
}

function alreadyExists(name: string): HttpError {
  return new HttpError(409, `Role "${name}" already exists.`, { name: 'Already exists' });
}

export async function listRoleAnswers(): Promise<RoleAnswer[]> {
  const [roles, holders] = await Promise.all([listRoles(), countUsersByRole()]);
  return roles.map((role) => toAnswer(role, holders.get(role.name)?.length ?? 0));
}

async function answerFor(id: string): Promise<RoleAnswer> {
  const role = await findRoleById(id);
  if (!role) throw new HttpError(404, 'Role not found');
  const holders = await countUsersByRole();
  return toAnswer(role, holders.get(role.name)?.length ?? 0);
}

export async function createRole(input: RoleInput): Promise<RoleAnswer> {
  const db = getDb();
  const ref = db.collection(ROLES).doc();
  await db.runTransaction(async (tx) => {
    // Built-in names count as taken even before their document exists.
    if (await findRoleByName(input.name, tx)) throw alreadyExists(input.name);
    const at = timestampNow();
    tx.create(ref, { ...input, createdAt: at, updatedAt: at });
  });
  return answerFor(ref.id);
}

function checkBuiltInRules(current: StoredRole, next: RoleInput): void {
  if (!current.builtIn) return;
  if (next.name !== current.name)
    throw new HttpError(400, `The built-in role "${current.name}" cannot be renamed.`, {
      name: 'Built-in roles keep their name',
    });
  if (current.name === ADMIN_ROLE && !next.permissions.includes(ALL_PERMISSIONS))
    throw new HttpError(400, 'The admin role always holds every permission (*).', {
      permissions: 'The admin role keeps *',
    });
}

/** Edits a role; a new name is unique and moves every user holding the old one along. */
export async function updateRole(id: string, input: RoleInput): Promise<RoleAnswer> {
  const db = getDb();
  const ref = db.collection(ROLES).doc(id);
  await db.runTransaction(async (tx) => {
    const current = await findRoleById(id, tx);
    if (!current) throw new HttpError(404, 'Role not found');
    checkBuiltInRules(current, input);
    const renamed = input.name !== current.name;
    if (renamed && (await findRoleByName(input.name, tx))) throw alreadyExists(input.name);
    // Reads before writes: a transaction reads everything first.
    const holders = renamed ? ((await countUsersByRole(tx)).get(current.name) ?? []) : [];
    const sessions = await sessionsHoldingRole(tx, current.name);
    const at = timestampNow();
    if (current.stored) tx.update(ref, { ...input, updatedAt: at });
    else tx.set(ref, { ...input, createdAt: at, updatedAt: at });
    for (const uid of holders)
      tx.update(db.collection(USERS).doc(uid), { role: input.name, updatedAt: at });
    // Signed-in holders get the new name and permissions on their next call.
    for (const session of sessions)
      tx.update(session.ref, {
        ...grantsOf({ role: input.name, approved: session.get('approved') }, input),
      });
  });
  return answerFor(id);
}

export async function deleteRole(id: string): Promise<void> {
  const db = getDb();
  const ref = db.collection(ROLES).doc(id);
  await db.runTransaction(async (tx) => {
    const current = await findRoleById(id, tx);
    if (!current) throw new HttpError(404, 'Role not found');
    if (current.builtIn)
      throw new HttpError(400, `The built-in role "${current.name}" cannot be deleted.`);
    const holders = (await countUsersByRole(tx)).get(current.name) ?? [];
    if (holders.length > 0) throw new HttpError(409, ROLE_IN_USE);
    tx.delete(ref);
  });
}
