import type { Router } from 'express';
import { z } from 'zod';
import { route } from '../../http/access';
import { documentId, documentIdField } from '../../http/params';
import { bodySchema, parseBody } from '../../http/validate';
import {
  approveUser,
  assignRole,
  listPendingUsers,
  listUsers,
  rejectUser,
} from '../../domain/identity/user-admin';

const listQuery = z.object({
  approved: z
    .enum(['true', 'false'], 'approved must be true or false')
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

const roleField = z.string('Role required').trim().min(1, 'Role required');

const approveBody = bodySchema('POST /admin/users/:id/approve', z.object({ role: roleField }));

/** At most one transaction's worth of writes. */
const MAX_ASSIGN = 400;

const assignBody = bodySchema(
  'POST /admin/users/assign-role',
  z.object({
    role: roleField,
    userIds: z
      .array(documentIdField('User'), 'userIds must be a list of user ids')
      .min(1, 'Select at least one user')
      .max(MAX_ASSIGN, `At most ${MAX_ASSIGN} users at a time`),
  }),
);

export function registerUserRoutes(router: Router): void {
  route(router, 'GET /admin/users', async (req, res) => {
    res.json(await listUsers(listQuery.parse(req.query)));
  });

  route(router, 'GET /admin/users/pending', async (_req, res) => {
    res.json(await listPendingUsers());
  });

  route(router, 'POST /admin/users/assign-role', async (req, res) => {
    const { role, userIds } = parseBody(assignBody, req);
    res.json(await assignRole(role, userIds));
  });

  route(router, 'POST /admin/users/:id/approve', async (req, res) => {
    const { role } = parseBody(approveBody, req);
    res.json(
      await approveUser(documentId(req.params.id, 'User not found'), role, req.session!.uid),
    );
  });

  route(router, 'DELETE /admin/users/:id/reject', async (req, res) => {
    await rejectUser(documentId(req.params.id, 'User not found'), req.session!.uid);
    res.json({ message: 'User rejected' });
  });
}
