// /me/saved-replies: each signed-in person's own quick replies; nobody reads or deletes another's.
import type { Request, Router } from 'express';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { resolveAttachments } from '../entries';
import { savedReplySchema } from './schemas';
import { addSavedReply, deleteSavedReply, listSavedReplies } from './store';

const uid = (req: Request) => req.session?.uid ?? '';

export function registerSavedReplyRoutes(router: Router): void {
  route(router, 'GET /me/saved-replies', async (req, res) => {
    res.json(await listSavedReplies(uid(req)));
  });

  route(router, 'POST /me/saved-replies', async (req, res) => {
    const input = parseBody(savedReplySchema, req);
    // A file of this app must exist; its stored name, type and size are kept.
    const [attachment] = input.attachment
      ? await resolveAttachments([input.attachment], 'attachment')
      : [null];
    const reply = { title: input.title, content: input.content, attachment: attachment ?? null };
    res.status(201).json(await addSavedReply(uid(req), reply));
  });

  route(router, 'DELETE /me/saved-replies/:id', async (req, res) => {
    const id = documentId(req.params.id, 'Saved reply not found');
    await deleteSavedReply(uid(req), id);
    res.json({ ok: true, _id: id });
  });
}
