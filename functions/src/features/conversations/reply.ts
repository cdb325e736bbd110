// The conversation's reply box: one message on one channel, under the same sending rules as
// every other (messaging's plan: inside the WhatsApp window the text and files go as they are;
// outside it the chosen approved template, else the company's default with the text in it),
// queued on its own with the customer and the sender named, and tried at once. Its
// conversation message is written by the queue's worker like any other's (thread-view.ts).
import type { DocumentData } from 'firebase-admin/firestore';
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import type { ConversationMessage } from '../../contract/conversations';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { readThreadMessage, type NewOutbound } from '../../domain/messages';
import { actorOf } from '../../domain/entries/actor';
import { readSettings } from '../../domain/settings/store';
import { attachmentSchema, defaultSubject, resolveAttachments } from '../entries';
import { emailContent, fillPlaceholders, planFor, queueAndDeliver } from '../messaging';
import { requireCustomerData } from '../../domain/customers/store';

const MAX_FILES = 10;

export const replyBody = bodySchema(
  'POST /customers/:id/conversation',
  z.object({
    channel: z.enum(['whatsapp', 'email'], { error: 'Channel must be whatsapp or email' }),
    text: z.string({ error: 'Text must be text' }).max(4096, 'At most 4096 characters').default(''),
    templateId: z.string({ error: 'Template id must be text' }).trim().max(512).optional(),
    subject: z.string({ error: 'Subject must be text' }).trim().max(300).optional(),
    attachments: z
      .array(attachmentSchema, { error: 'Attachments must be a list' })
      .max(MAX_FILES, `At most ${MAX_FILES} files`)
      .default([]),
  }),
);
export type ReplyInput = z.output<typeof replyBody>;

const first = (data: DocumentData, field: string): string | undefined => {
  const values: unknown = data[field];
  return Array.isArray(values) && typeof values[0] === 'string' ? values[0] : undefined;
};

async function planned(
  customerId: string,
  customer: DocumentData,
  input: ReplyInput,
  sender: { uid: string; name: string },
): Promise<NewOutbound> {
  const name = first(customer, 'names') ?? 'Customer';
  const company = (await readSettings()).companyName;
  const values = { name, company };
  const attachments = await resolveAttachments(input.attachments);
  const text = fillPlaceholders(input.text, values).trim();
  const common = {
    owner: { kind: 'reply' as const, id: customerId },
    customerId,
    byName: sender.name,
    senderUid: sender.uid,
  };
  if (input.channel === 'email') {
    const to = first(customer, 'emails');
    if (!to) throw new HttpError(400, 'No customer email found');
    if (!text && attachments.length === 0) throw new HttpError(400, 'Type a message first');
    const email = emailContent({
      to: [to],
      subject: input.subject || defaultSubject(company),
      body: input.text,
      values,
      attachments,
    });
    return { ...common, channel: 'email', to: email.to, parts: [{ kind: 'email' }], email };
  }
  const to = first(customer, 'phones');
  if (!to) throw new HttpError(400, 'No customer phone found');
  if (!text && attachments.length === 0 && !input.templateId)
    throw new HttpError(400, 'Type a message or choose a template first');
  const plan = await planFor({
    to,
    customer,
    customerName: name,
    text,
    attachments,
    templateId: input.templateId,
  });
  if (plan.notSent) throw new HttpError(400, plan.notSent);
  if (plan.parts.length === 0) throw new HttpError(400, 'Nothing to send');
  return { ...common, channel: 'whatsapp', to, parts: plan.parts, preview: plan.preview };
}

/** Sends the reply and answers its conversation message as it stands after the first try. */
export async function sendReply(
  customerId: string,
  input: ReplyInput,
  session: Session,
): Promise<ConversationMessage> {
  const [customer, actor] = await Promise.all([requireCustomerData(customerId), actorOf(session)]);
  const id = await queueAndDeliver(await planned(customerId, customer, input, actor));
  const stored = await readThreadMessage(id);
  if (stored) return stored;
  // Not tried yet (another worker holds it past the wait): it shows once it is.
  return {
    _id: id,
    customerId,
    at: new Date().toISOString(),
    direction: 'out',
    channel: input.channel,
    text: input.text,
    files: [],
    state: 'queued',
    byName: actor.name,
    source: 'reply',
  };
}
