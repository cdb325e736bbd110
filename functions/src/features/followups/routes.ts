// Scheduling follow-ups on an entry (entries.write: every employee's baseline).
import type { Router } from 'express';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { actorOf } from '../../domain/entries/actor';
import { NOT_FOUND } from '../../domain/entries/constants';
import { scheduleFollowUp } from './schedule';
import { followUpBody, followUpDaysBody } from './schemas';

export function registerFollowUpRoutes(router: Router): void {
  route(router, 'POST /entries/:id/followup', async (req, res) => {
    const id = documentId(req.params.id, NOT_FOUND);
    const input = parseBody(followUpBody, req);
    const actor = await actorOf(req.session!);
    res.status(201).json(await scheduleFollowUp(id, input, actor, { requireChannel: true }));
  });

  route(router, 'POST /entries/:id/followup-days', async (req, res) => {
    const id = documentId(req.params.id, NOT_FOUND);
    const input = parseBody(followUpDaysBody, req);
    const actor = await actorOf(req.session!);
    res.status(201).json(await scheduleFollowUp(id, input, actor, { requireChannel: false }));
  });
}
