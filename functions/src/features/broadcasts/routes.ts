// /broadcasts: count an audience, make a broadcast, list them, read one. Every route needs the
// permission broadcasts.send (admins have it; a role may be given it).
import type { Router } from 'express';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { readSettings } from '../../domain/settings/store';
import type { AudienceCount } from '../../contract/broadcasts';
import { resolveAudience, sampleOf } from './audience';
import { estimatedCost } from './cost';
import { createBroadcast } from './create';
import { countAudienceSchema, createBroadcastSchema } from './schemas';
import { BROADCAST_NOT_FOUND, listBroadcasts, requireBroadcast } from './store';

export function registerBroadcastRoutes(router: Router): void {
  route(router, 'POST /broadcasts/audience', async (req, res) => {
    const input = parseBody(countAudienceSchema, req);
    const [audience, settings] = await Promise.all([
      resolveAudience(input.audience),
      readSettings(),
    ]);
    const answer: AudienceCount = {
      audienceCount: audience.recipients.length,
      excluded: audience.excluded,
      estimatedCost: estimatedCost(
        audience.recipients.length,
        input.category,
        settings.broadcasts.templatePrices,
      ),
      sample: sampleOf(audience.recipients),
      excludedSample: audience.excludedSample,
    };
    res.json(answer);
  });

  route(router, 'POST /broadcasts', async (req, res) => {
    const input = parseBody(createBroadcastSchema, req);
    res.status(201).json(await createBroadcast(input, req.session!));
  });

  route(router, 'GET /broadcasts', async (_req, res) => {
    res.json(await listBroadcasts());
  });

  route(router, 'GET /broadcasts/:id', async (req, res) => {
    res.json(await requireBroadcast(documentId(req.params.id, BROADCAST_NOT_FOUND)));
  });
}
