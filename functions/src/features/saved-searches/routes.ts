// /me/saved-searches: each person's own named sets of the customer list's filters (the Customers
// screen's "Saved searches", the broadcast composer's "Start from"); nobody reads or deletes
// another's.
import type { Request, Router } from 'express';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { savedSearchSchema } from './schemas';
import { addSavedSearch, deleteSavedSearch, listSavedSearches } from './store';

const uid = (req: Request) => req.session?.uid ?? '';

export function registerSavedSearchRoutes(router: Router): void {
  route(router, 'GET /me/saved-searches', async (req, res) => {
    res.json(await listSavedSearches(uid(req)));
  });

  route(router, 'POST /me/saved-searches', async (req, res) => {
    res.status(201).json(await addSavedSearch(uid(req), parseBody(savedSearchSchema, req)));
  });

  route(router, 'DELETE /me/saved-searches/:id', async (req, res) => {
    const id = documentId(req.params.id, 'Saved search not found');
    await deleteSavedSearch(uid(req), id);
    res.json({ ok: true, _id: id });
  });
}
