// /broadcasts: count an audience, make a broadcast, list them, read one with its counts, send a
// test of it to one's own phone, start, pause, resume or cancel it, count and send to its new
// matches once done, and its recipients as CSV.
// Every route needs the permission broadcasts.send (admins have it; a role may be given it).
import type { Router } from 'express';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { readSettings } from '../../domain/settings/store';
import { BROADCAST_ACTIONS } from '../../contract/broadcasts';
import { changeBroadcast, countNewMatches, sendToNewMatches } from './actions';
import { countOf, resolveAudience } from './audience';
import { createBroadcast } from './create';
import { broadcastReport, sendRecipientsCsv } from './report';
import { countAudienceSchema, createBroadcastSchema } from './schemas';
import { BROADCAST_NOT_FOUND, listBroadcasts } from './store';
import { sendTestMessage } from './test-send';

export function registerBroadcastRoutes(router: Router): void {
  route(router, 'POST /broadcasts/audience', async (req, res) => {
    const input = parseBody(countAudienceSchema, req);
    const [audience, settings] = await Promise.all([
      resolveAudience(input.audience),
      readSettings(),
    ]);
    res.json(countOf(audience, input.category, settings.broadcasts.templatePrices));
  });

  route(router, 'POST /broadcasts', async (req, res) => {
    const input = parseBody(createBroadcastSchema, req);
    res.status(201).json(await createBroadcast(input, req.session!));
  });

  route(router, 'GET /broadcasts', async (_req, res) => {
    res.json(await listBroadcasts());
  });

  route(router, 'GET /broadcasts/:id', async (req, res) => {
    res.json(await broadcastReport(documentId(req.params.id, BROADCAST_NOT_FOUND)));
  });

  route(router, 'GET /broadcasts/:id/recipients.csv', async (req, res) => {
    await sendRecipientsCsv(documentId(req.params.id, BROADCAST_NOT_FOUND), res);
  });

  route(router, 'POST /broadcasts/:id/test', async (req, res) => {
    res.json(await sendTestMessage(documentId(req.params.id, BROADCAST_NOT_FOUND), req.session!));
  });

  route(router, 'GET /broadcasts/:id/new-matches', async (req, res) => {
    res.json(await countNewMatches(documentId(req.params.id, BROADCAST_NOT_FOUND)));
  });

  route(router, 'POST /broadcasts/:id/new-matches', async (req, res) => {
    const id = documentId(req.params.id, BROADCAST_NOT_FOUND);
    await sendToNewMatches(id, req.session!);
    res.json(await broadcastReport(id));
  });

  const keys = {
    start: 'POST /broadcasts/:id/start',
    pause: 'POST /broadcasts/:id/pause',
    resume: 'POST /broadcasts/:id/resume',
    cancel: 'POST /broadcasts/:id/cancel',
  } as const;
  for (const action of BROADCAST_ACTIONS) {
    route(router, keys[action], async (req, res) => {
      const id = documentId(req.params.id, BROADCAST_NOT_FOUND);
      await changeBroadcast(id, action, req.session!);
      res.json(await broadcastReport(id));
    });
  }
}
