// /entries routes and the admin's entry routes. Reading needs entries.read, writing
// entries.write (both in every employee's baseline); confirming, deleting and assigning are
// admin only, each refusal saying so; approvals are admin only.
import type { Request, Router } from 'express';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { actorOf } from '../../domain/entries/actor';
import { NOT_FOUND } from '../../domain/entries/constants';
import { createEntry } from './create';
import { listEmployeeChoices } from './employees';
import { addComment, listHistory } from '../../domain/entries/history';
import { listPage, pendingList, plainList } from './list';
import { resendEntry, ResendFailed } from './resend';
import {
  assignBody,
  commentBody,
  createBody,
  LIST_PARAMS,
  listQuery,
  resendBody,
  updateBody,
} from './schemas';
import { assignEmployee, deleteEntry, MOVES, moveStatus, updateEntry } from './update';
import { getUser } from '../../domain/identity/user-store';

const entryId = (req: Request) => documentId(req.params.id, NOT_FOUND);

/** An employee filter: a user's id when it is one, else text matched on the employee's name. */
async function employeeFilter(value: string | undefined) {
  const text = value?.trim();
  if (!text) return {};
  return (await getUser(text)) ? { employeeId: text } : { employeeText: text };
}

export function registerEntryRoutes(router: Router): void {
  // Before any /entries/:id route, so that 'employees' is never taken for an entry id.
  route(router, 'GET /entries/employees', async (_req, res) => {
    res.json(await listEmployeeChoices());
  });

  route(router, 'GET /entries', async (req, res) => {
    const paged = Object.keys(req.query).some((k) => LIST_PARAMS.includes(k));
    if (!paged) {
      res.json(await plainList());
      return;
    }
    const query = listQuery.parse(req.query);
    const filters = {
      q: query.q,
      name: query.name,
      phone: query.phone,
      email: query.email,
      tag: query.tag,
      channel: query.channel,
      status: query.status,
      range: query.range,
      ...(await employeeFilter(query.employee)),
    };
    res.json(await listPage(filters, query.limit, query.cursor || undefined));
  });

  route(router, 'POST /entries', async (req, res) => {
    const input = parseBody(createBody, req);
    const { entry, failed } = await createEntry(input, req.session!);
    res.status(201).json({ ...entry, failed });
  });

  route(router, 'PUT /entries/:id', async (req, res) => {
    const id = entryId(req);
    const input = parseBody(updateBody, req);
    res.json(await updateEntry(id, input, await actorOf(req.session!)));
  });

  route(router, 'POST /entries/:id/confirm', async (req, res) => {
    const id = entryId(req);
    res.json(await moveStatus(id, MOVES.confirm, await actorOf(req.session!)));
  });

  route(router, 'DELETE /entries/:id', async (req, res) => {
    const id = entryId(req);
    await deleteEntry(id);
    res.json({ _id: id, deleted: true });
  });

  route(router, 'GET /entries/:id/history', async (req, res) => {
    res.json(await listHistory(entryId(req)));
  });

  route(router, 'POST /entries/:id/history/comment', async (req, res) => {
    const id = entryId(req);
    const input = parseBody(commentBody, req);
    res.status(201).json(await addComment(id, input, await actorOf(req.session!)));
  });

  route(router, 'POST /entries/:id/resend', async (req, res) => {
    const id = entryId(req);
    const input = parseBody(resendBody, req);
    try {
      const { entry, failed } = await resendEntry(id, input, await actorOf(req.session!));
      res.json({ ...entry, failed });
    } catch (err) {
      if (!(err instanceof ResendFailed)) throw err;
      res.status(502).json({ message: err.message, failed: err.failed, entry: err.entry });
    }
  });

  route(router, 'PUT /admin/entries/:id/assign-employee', async (req, res) => {
    const id = entryId(req);
    const { employeeId } = parseBody(assignBody, req);
    res.json(await assignEmployee(id, employeeId, await actorOf(req.session!)));
  });

  route(router, 'GET /admin/entries/pending', async (_req, res) => {
    res.json(await pendingList());
  });

  route(router, 'POST /admin/entries/:id/approve', async (req, res) => {
    const id = entryId(req);
    res.json(await moveStatus(id, MOVES.approve, await actorOf(req.session!)));
  });

  route(router, 'DELETE /admin/entries/:id/reject', async (req, res) => {
    const id = entryId(req);
    res.json(await moveStatus(id, MOVES.reject, await actorOf(req.session!)));
  });
}
