import type { Router } from 'express';
import { z } from 'zod';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { bodySchema, parseBody } from '../../http/validate';
import {
  isDisplayableRoleName,
  isKnownPermission,
  normalizePermissions,
  normalizeRoleName,
} from '../../domain/identity/permissions';
import {
  createRole,
  deleteRole,
  listRoleAnswers,
  updateRole,
} from '../../domain/identity/role-admin';

const MAX_ROLE_NAME = 50;

/** Name trimmed and lowercased, required; permissions trimmed, deduplicated. */
export const roleBody = bodySchema(
  'POST /admin/roles',
  z.object({
    name: z
      .string('Role name required')
      .transform(normalizeRoleName)
      .pipe(
        z
          .string()
          .min(1, 'Role name required')
          .max(MAX_ROLE_NAME, `At most ${MAX_ROLE_NAME} characters`)
          .refine(
            isDisplayableRoleName,
            'Use letters, digits, spaces and punctuation only (no invisible or control characters)',
          ),
      ),
    permissions: z
      .union(
        [
          z.array(z.string('Each permission is a text')),
          // The screen's comma-separated text, sent as is.
          z.string().transform((text) => text.split(',')),
        ],
        'permissions must be a list',
      )
      .default([])
      .transform(normalizePermissions)
      .superRefine((list, ctx) => {
        const unknown = list.filter((p) => !isKnownPermission(p));
        if (unknown.length > 0)
          ctx.addIssue({ code: 'custom', message: `Unknown permission: ${unknown.join(', ')}` });
      }),
  }),
);

/** PUT /admin/roles/{id}: the same fields, by the same rules. */
const roleChangeBody = bodySchema('PUT /admin/roles/:id', roleBody);

export function registerRoleRoutes(router: Router): void {
  route(router, 'GET /admin/roles', async (_req, res) => {
    res.json(await listRoleAnswers());
  });

  route(router, 'POST /admin/roles', async (req, res) => {
    res.status(201).json(await createRole(parseBody(roleBody, req)));
  });

  route(router, 'PUT /admin/roles/:id', async (req, res) => {
    res.json(
      await updateRole(documentId(req.params.id, 'Role not found'), parseBody(roleChangeBody, req)),
    );
  });

  route(router, 'DELETE /admin/roles/:id', async (req, res) => {
    await deleteRole(documentId(req.params.id, 'Role not found'));
    res.json({ message: 'Role deleted' });
  });
}
