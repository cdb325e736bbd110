// Sending through the integrations: a test message per integration (admin, to the first admin
// contact) and the sends the entry screens make. A provider's refusal is a 502 whose
// message is the provider's own words.
import type { Router } from 'express';
import { route, type RouteResponse } from '../../http/access';
import { HttpError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import {
  sendEmail,
  sendWhatsApp,
  type OutgoingWhatsApp,
  type SendOutcome,
} from '../../integrations';
import { readSettings } from '../../domain/settings/store';
import { isEmail, toE164 } from '../../integrations/recipients';
import { planFor, sendQueued } from '../messaging';
import { readAttachments } from './attachments';
import { emailSendSchema, whatsappSendSchema, whatsappTestSchema } from './schemas';
import { escapeHtml } from '../../integrations/email/escape-html';

/** The four send routes answer alike: the provider's id, or a 502 with its error. */
function answer(
  res: RouteResponse<'POST /integrations/email/send'>,
  outcome: SendOutcome,
  to: string | string[],
): void {
  if (outcome.ok) {
    res.json({ ok: true, provider: outcome.provider, messageId: outcome.messageId, to });
  } else {
    res.status(502).json({ message: outcome.error, provider: outcome.provider, to });
  }
}

const mimetypeOf = (type: string | undefined) =>
  type === 'image' ? 'image/jpeg' : type === 'video' ? 'video/mp4' : 'application/pdf';

const brand = (companyName: string) => companyName.trim() || 'CRM';

export function registerIntegrationRoutes(router: Router): void {
  route(router, 'POST /integrations/whatsapp/test', async (req, res) => {
    const input = parseBody(whatsappTestSchema, req);
    const settings = await readSettings();
    const to = settings.adminNumbers[0];
    if (!to) throw new HttpError(400, 'Add an admin phone number under Settings first');
    const message: OutgoingWhatsApp = input.template?.trim()
      ? {
          to,
          template: { name: input.template.trim(), language: input.language?.trim() || 'en_US' },
        }
      : { to, text: `Test message from ${brand(settings.companyName)}: WhatsApp is connected.` };
    answer(res, await sendWhatsApp(message), to);
  });

  route(router, 'POST /integrations/email/test', async (_req, res) => {
    const settings = await readSettings();
    const to = settings.adminEmails[0];
    if (!to) throw new HttpError(400, 'Add an admin email under Settings first');
    const name = brand(settings.companyName);
    const outcome = await sendEmail({
      to: [to],
      subject: `Test email from ${name}`,
      html: `<p>This is a test email from ${escapeHtml(name)}. Email is connected.</p>`,
    });
    answer(res, outcome, to);
  });

  // Under the same sending rules as entries: the customer's window decides whether the text
  // goes as it is or only as an approved template.
  route(router, 'POST /integrations/whatsapp/send', async (req, res) => {
    const input = parseBody(whatsappSendSchema, req);
    const to = toE164(input.to);
    if (!to)
      throw new HttpError(400, 'Not a valid phone number', { to: 'Not a valid phone number' });
    const media = input.mediaUrl
      ? [
          {
            name: input.filename || 'media',
            url: input.mediaUrl,
            mimetype: mimetypeOf(input.mediaType),
          },
        ]
      : [];
    const plan = await planFor({
      to,
      customerName: '',
      text: input.text ?? '',
      attachments: media,
      templateId: input.templateId,
      language: input.language,
      parameters: input.parameters,
    });
    if (plan.notSent) throw new HttpError(409, plan.notSent);
    const outcome = await sendQueued({ channel: 'whatsapp', owner: null, to, parts: plan.parts });
    answer(res, outcome, to);
  });

  route(router, 'POST /integrations/email/send', async (req, res) => {
    const input = parseBody(emailSendSchema, req);
    const bad = input.to.find((address) => !isEmail(address));
    if (bad) {
      const message = `Not an email address: ${bad.slice(0, 80)}`;
      throw new HttpError(400, message, { to: message });
    }
    const attachments = await readAttachments(input.attachments ?? [], req);
    const outcome = await sendEmail({
      to: input.to,
      subject: input.subject,
      html: input.html,
      text: input.text,
      attachments,
    });
    answer(res, outcome, input.to);
  });
}
