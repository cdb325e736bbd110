// Messaging routes: the approved WhatsApp templates (listed for every composer, synced from
// Meta by an admin), the composers' preview of what the customer will receive under the
// sending rules, and SendGrid's Event Webhook.
import type { Router } from 'express';
import { z } from 'zod';
import type { WhatsAppPreview } from '../../contract/messaging';
import { route } from '../../http/access';
import { HttpError } from '../../http/errors';
import { documentIdField } from '../../http/params';
import { bodySchema, parseBody } from '../../http/validate';
import { toE164 } from '../../integrations/recipients';
import { readSettings } from '../../domain/settings/store';
import { listCatalog, syncCatalog } from './catalog';
import { DEFAULT_MESSAGE } from '../../domain/entries/constants';
import { fillPlaceholders, messageFor, planFor } from './compose';
import {
  freshEventTimestamp,
  handleEmailEvents,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  validEventSignature,
} from './email-events';
import { requireCustomerData } from '../../domain/customers/store';

const previewBody = bodySchema(
  'POST /whatsapp/preview',
  z.object({
    customerId: documentIdField('Customer'),
    to: z.string({ error: 'to must be text' }).trim().max(64).optional(),
    text: z.string({ error: 'Text must be text' }).max(4096).default(''),
    templateId: z.string({ error: 'Template id must be text' }).trim().max(512).optional(),
    attachments: z.number({ error: 'attachments is a count' }).int().min(0).max(10).default(0),
  }),
);

export function registerMessagingRoutes(router: Router): void {
  route(router, 'GET /whatsapp/templates', async (_req, res) => {
    res.json(await listCatalog());
  });

  route(router, 'POST /admin/whatsapp/templates/sync', async (_req, res) => {
    res.json(await syncCatalog());
  });

  route(router, 'POST /whatsapp/preview', async (req, res) => {
    const input = parseBody(previewBody, req);
    const customer = await requireCustomerData(input.customerId);
    const phones = Array.isArray(customer.phones) ? (customer.phones as string[]) : [];
    const to = input.to ? toE164(input.to) : phones[0];
    if (!to)
      throw new HttpError(400, input.to ? 'Not a valid phone number' : 'No customer phone found');
    const name = (Array.isArray(customer.names) && String(customer.names[0] ?? '')) || 'Customer';
    const company = (await readSettings()).companyName;
    const plan = await planFor({
      to,
      customer,
      customerName: name,
      // An empty message goes as the generic line, as an entry's does.
      text: fillPlaceholders(messageFor(input.text, '', DEFAULT_MESSAGE), { name, company }),
      attachments: Array.from({ length: input.attachments }, (_, i) => ({
        name: `file ${i + 1}`,
        url: '',
        mimetype: '',
      })),
      templateId: input.templateId,
    });
    const answer: WhatsAppPreview = {
      to,
      window: plan.window,
      preview: plan.preview,
      template: plan.template ?? null,
      sends: plan.parts.map((p) => p.kind),
      notSent: plan.notSent ?? null,
      skipped: plan.skipped ?? null,
    };
    res.json(answer);
  });

  route(router, 'POST /integrations/email/events', async (req, res) => {
    const rawBody: unknown = (req as { rawBody?: unknown }).rawBody;
    const key = (await readSettings()).integrations.email.eventWebhookKey;
    if (
      !Buffer.isBuffer(rawBody) ||
      !validEventSignature(rawBody, req.get(SIGNATURE_HEADER), req.get(TIMESTAMP_HEADER), key)
    )
      throw new HttpError(401, 'Invalid signature');
    if (!freshEventTimestamp(req.get(TIMESTAMP_HEADER), Date.now()))
      throw new HttpError(401, 'The signed timestamp is more than 10 minutes from now');
    res.json(await handleEmailEvents(req.body));
  });
}
