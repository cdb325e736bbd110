// Send: a quote's PDF to its customer on WhatsApp and/or email, through the one life every
// message has (domain/messages: queued in one transaction with the quote's move to 'sent', tried
// at once by the queue's worker, its state in the customer's conversation). WhatsApp inside the
// customer's 24-hour window: the PDF as a document message with a caption; outside it: an
// approved template whose header is a DOCUMENT, the PDF in that header. Email: the PDF attached.
// The bytes are the quote's stored PDF (GET /quotes/:id/pdf), kept once as an uploaded file so
// both senders read them as any attachment.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { actorOf } from '../../domain/entries/actor';
import { requireCustomerData } from '../../domain/customers/store';
import { optedOutAt, windowUntil } from '../../domain/customers/whatsapp-windows';
import { readSettings } from '../../domain/settings/store';
import { runInTransaction } from '../../domain/writes/transaction';
import { quoteRef, requireQuoteData, requireQuoteIn } from '../../domain/quotes/store';
import {
  queueEmail,
  queueWhatsApp,
  readThreadMessage,
  type MessageOwner,
  type PlannedAttachment,
  type WhatsAppPlan,
} from '../../domain/messages';
import { formatRupees } from '../../contract/quote-maths';
import {
  QUOTE_CHANNELS,
  type QuoteChannel,
  type SendQuoteResponse,
  type SendQuoteResult,
} from '../../contract/quotes';
import type { WhatsAppTemplate } from '../../contract/messaging';
import { deliverNow, documentTemplates, emailContent, OPTED_OUT } from '../messaging';
import { companyToday } from '../../domain/figures/days';
import { pdfAttachment, PDF_TYPE } from './pdf-file';
import { requireOpen } from './status';
import { toQuote } from './view';

export const sendQuoteBody = bodySchema(
  'POST /quotes/:id/send',
  z.object({
    channels: z
      .array(z.enum(QUOTE_CHANNELS, { error: 'A channel is whatsapp or email' }), {
        error: 'channels must be a list: whatsapp, email',
      })
      .min(1, 'Choose WhatsApp, email or both')
      .max(2, 'At most whatsapp and email')
      .transform((list) => QUOTE_CHANNELS.filter((c) => list.includes(c))),
  }),
);
export type SendQuoteInput = z.output<typeof sendQuoteBody>;

export const NOT_YOUR_CUSTOMER =
  "You can send quotes only to your own customers (or those without an owner): ask the customer's owner or an admin.";
export const NO_DOCUMENT_TEMPLATE =
  'WhatsApp not sent: the customer has not written in the last 24 hours, and a file goes then only in an approved template with a DOCUMENT header. Sync one from Meta under Templates, or send by email.';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const first = (data: DocumentData, field: string): string | undefined => {
  const values: unknown = data[field];
  return Array.isArray(values) && typeof values[0] === 'string' ? values[0] : undefined;
};

/** A non-admin sends only to their own customers, or to those without an owner. */
function requireMayContact(customer: DocumentData, session: Session): void {
  if (session.role === 'admin' || session.permissions.includes('*')) return;
  const owner = text((customer.owner as DocumentData | null | undefined)?._id);
  if (owner && owner !== session.uid) throw new HttpError(403, NOT_YOUR_CUSTOMER);
}

/** The template to carry the PDF outside the window: the company default if it can, else the
 * first by name; its body parameters filled from the customer's name, the number, the total. */
function documentTemplate(
  found: WhatsAppTemplate[],
  preferred: string,
  values: string[],
): { template: WhatsAppTemplate; parameters: string[] } | undefined {
  const usable = found.filter((t) => t.paramCount <= values.length);
  const template = usable.find((t) => t.name === preferred) ?? usable[0];
  return template ? { template, parameters: values.slice(0, template.paramCount) } : undefined;
}

const fill = (body: string, parameters: string[]) =>
  body.replace(/\{\{\s*(\d+)\s*\}\}/g, (m, n: string) => parameters[Number(n) - 1] ?? m);

interface Planned {
  whatsapp?: { to: string; plan: WhatsAppPlan; how: string };
  email?: { to: string };
}

/** What each channel will send, or the request's refusal, before anything is written. */
async function planChannels(
  channels: QuoteChannel[],
  customer: DocumentData,
  words: { name: string; number: string; total: string; caption: string },
  attachment: PlannedAttachment,
  defaultTemplate: string,
): Promise<Planned> {
  const planned: Planned = {};
  if (channels.includes('whatsapp')) {
    const to = first(customer, 'phones');
    if (!to) throw new HttpError(400, 'WhatsApp not sent: the customer has no phone number');
    if (optedOutAt(customer, to) !== null) throw new HttpError(409, OPTED_OUT);
    const until = windowUntil(customer, to);
    const open = until !== null && until.getTime() > now();
    const window = { open, openUntil: until ? until.toISOString() : null };
    if (open) {
      planned.whatsapp = {
        to,
        how: 'document',
        plan: {
          parts: [{ kind: 'media', attachment, caption: words.caption }],
          window,
          preview: words.caption,
        },
      };
    } else {
      const chosen = documentTemplate(await documentTemplates(), defaultTemplate, [
        words.name,
        words.number,
        words.total,
      ]);
      if (!chosen) throw new HttpError(409, NO_DOCUMENT_TEMPLATE);
      const { template, parameters } = chosen;
      planned.whatsapp = {
        to,
        how: `template ${template.name}`,
        plan: {
          parts: [
            {
              kind: 'template',
              name: template.name,
              language: template.language,
              parameters,
              document: attachment,
            },
          ],
          window,
          preview: fill(template.body, parameters),
          template: { name: template.name, language: template.language },
        },
      };
    }
  }
  if (channels.includes('email')) {
    const to = first(customer, 'emails');
    if (!to) throw new HttpError(400, 'Email not sent: the customer has no email address');
    planned.email = { to };
  }
  return planned;
}

export async function sendQuote(
  id: string,
  input: SendQuoteInput,
  session: Session,
): Promise<SendQuoteResponse> {
  const today = companyToday();
  const before = await requireQuoteData(id);
  requireOpen(before, today);
  const customerId = text(before.customerId);
  const [customer, actor, settings] = await Promise.all([
    requireCustomerData(customerId),
    actorOf(session),
    readSettings(),
  ]);
  requireMayContact(customer, session);
  const number = text(before.number);
  const total = formatRupees(typeof before.total === 'number' ? before.total : 0);
  const company = settings.companyName || text(before.seller?.name);
  const name = first(customer, 'names') || text(before.customer?.name) || 'Customer';
  const caption = `Quotation ${number} from ${company}: ${total}, valid until ${text(before.validUntil)}`;
  // Refusals (no phone, opted out, no template) come before the PDF is stored as a file.
  await planChannels(
    input.channels,
    customer,
    { name, number, total, caption },
    { name: '', url: '', mimetype: PDF_TYPE },
    settings.integrations.whatsapp.defaultTemplate.name,
  );
  const attachment = await pdfAttachment(id, before);
  const planned = await planChannels(
    input.channels,
    customer,
    { name, number, total, caption },
    attachment,
    settings.integrations.whatsapp.defaultTemplate.name,
  );
  const owner: MessageOwner = { kind: 'quote', id };
  const about = { customerId, byName: actor.name, senderUid: actor.uid };
  const queued = await runInTransaction(async (tx) => {
    // Read again in the queue's transaction: a quote answered or revised meanwhile is not sent.
    const current = await requireQuoteIn(tx, id);
    requireOpen(current, today);
    const at = Timestamp.fromMillis(now());
    const ids: Partial<Record<QuoteChannel, string>> = {};
    const change: DocumentData = { status: 'sent', updatedAt: at };
    if (!current.sentAt) change.sentAt = at;
    if (planned.whatsapp) {
      const { to, plan, how } = planned.whatsapp;
      const done = queueWhatsApp(tx, owner, to, plan, { how }, about);
      ids.whatsapp = done.outboundId;
      change['sends.whatsapp'] = { messageId: done.outboundId, at, byName: actor.name, how };
    }
    if (planned.email) {
      const email = emailContent({
        to: [planned.email.to],
        subject: `Quotation ${number} from {{company}}`,
        body: `Dear {{name}},\n\nPlease find attached our quotation ${number} for ${total}, valid until ${text(current.validUntil)}.\n\nRegards,\n{{company}}`,
        values: { name, company },
        attachments: [attachment],
      });
      const done = queueEmail(tx, owner, email, {}, about);
      ids.email = done.outboundId;
      change['sends.email'] = { messageId: done.outboundId, at, byName: actor.name, how: 'email' };
    }
    tx.update(quoteRef(id), change);
    return ids;
  });
  const outboundIds = Object.values(queued).filter((v): v is string => Boolean(v));
  await deliverNow(outboundIds);
  const results: SendQuoteResult[] = [];
  for (const channel of input.channels) {
    const messageId = queued[channel];
    if (!messageId) continue;
    const message = await readThreadMessage(messageId);
    results.push({
      channel,
      messageId,
      state: message?.state ?? 'queued',
      ...(message?.error && { error: message.error }),
      file: { name: attachment.name, size: attachment.size ?? 0 },
    });
  }
  return { quote: toQuote(id, await requireQuoteData(id), today), results };
}
