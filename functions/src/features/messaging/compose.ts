// Turning what a person asked for (a recipient, a typed text, a chosen template, files) into
// what will go: the WhatsApp plan under the sending rules, with everything it depends on read
// first (the customer's window, the company default, the synced templates, the app template's
// link), and the email with every filled-in value escaped.
import type { DocumentData } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { fillPlaceholders } from '../../contract/placeholders';
import { escapeHtml, type MetaTemplate } from '../../integrations';
import { optedOutAt, windowUntil } from '../../domain/customers/whatsapp-windows';
import { readSettings, type TemplateLink } from '../../domain/settings/store';
import { getTemplate } from '../templates';
import { findTemplate } from './catalog';
import type { EmailContent } from '../../domain/messages';
import { planWhatsApp, type PlannedAttachment, type WhatsAppPlan } from './whatsapp-plan';
import { getCustomerDataByPhone } from '../../domain/customers/store';

export interface WhatsAppAsk {
  /** E.164. */
  to: string;
  /** The customer's document, when known (else found by the phone). */
  customer?: DocumentData;
  customerName: string;
  text: string;
  attachments: PlannedAttachment[];
  /** An app WhatsApp template's id, or an approved template's name. */
  templateId?: string;
  language?: string;
  /** Explicit body parameters (the send route). */
  parameters?: string[];
}

/** The chosen template: an app template's approved link, else an approved template's name. */
async function chosenTemplate(
  ask: WhatsAppAsk,
): Promise<(TemplateLink & { parameters?: string[] }) | undefined> {
  const id = ask.templateId?.trim();
  if (!id) return undefined;
  if (!id.includes('/')) {
    const app = await getTemplate(id);
    if (app?.type === 'whatsapp') return app.approved ?? undefined;
  }
  return {
    name: id,
    language: ask.language?.trim() ?? '',
    textParam: null,
    nameParam: null,
    parameters: ask.parameters,
  };
}

const firstName = (customer: DocumentData | undefined) =>
  (Array.isArray(customer?.names) && typeof customer.names[0] === 'string' && customer.names[0]) ||
  'Customer';

export async function planFor(ask: WhatsAppAsk): Promise<WhatsAppPlan> {
  const [customer, chosen, settings] = await Promise.all([
    ask.customer ? Promise.resolve(ask.customer) : getCustomerDataByPhone(ask.to),
    chosenTemplate(ask),
    readSettings(),
  ]);
  const fallback = settings.integrations.whatsapp.defaultTemplate;
  const links = [chosen, fallback].filter((l): l is TemplateLink => Boolean(l?.name));
  const found = await Promise.all(links.map((l) => findTemplate(l.name, l.language)));
  const lookup = (link: TemplateLink): MetaTemplate | undefined =>
    found[links.findIndex((l) => l.name === link.name && l.language === link.language)];
  return planWhatsApp({
    text: ask.text,
    attachments: ask.attachments,
    openUntil: windowUntil(customer, ask.to),
    now: now(),
    chosen,
    fallback,
    customerName: ask.customerName || firstName(customer),
    optedOut: optedOutAt(customer, ask.to) !== null,
    lookup,
  });
}

/**
 * Write once: what one channel sends. Its own text when the person opened "different text"
 * and typed one, else the message, else the generic line (only when there is no message).
 */
export function messageFor(own: string | undefined, message: string, generic: string): string {
  if (own?.trim()) return own;
  return message.trim() ? message : generic;
}

/**
 * Refuses (400) a chosen template that Meta would refuse, whatever the window: unknown, not
 * approved, or parameters that its mapping cannot fill.
 */
export async function checkChosenTemplate(templateId: string): Promise<void> {
  const chosen = await chosenTemplate({
    to: '',
    customerName: '',
    text: '',
    attachments: [],
    templateId,
  });
  if (!chosen?.name) return;
  const found = await findTemplate(chosen.name, chosen.language);
  // Only the template's shape is checked here: the message and the name stand in for the
  // values the send fills in when it goes.
  planWhatsApp({
    text: 'message',
    attachments: [],
    openUntil: null,
    now: now(),
    chosen,
    fallback: { name: '', language: '', textParam: null, nameParam: null },
    customerName: 'name',
    lookup: () => found,
  });
}

export { fillPlaceholders };

const looksLikeHtml = (body: string) => /<\/?[a-z][\s\S]*>/i.test(body);

/**
 * An email body as HTML with the customer's values filled in: an HTML template keeps its
 * markup and gets the values escaped; plain text is escaped whole, line breaks kept.
 */
export function emailHtml(body: string, values: { name: string; company: string }): string {
  if (looksLikeHtml(body)) {
    return fillPlaceholders(body, {
      name: escapeHtml(values.name),
      company: escapeHtml(values.company),
    });
  }
  return `<p>${escapeHtml(fillPlaceholders(body, values)).replace(/\r?\n/g, '<br>')}</p>`;
}

/** A subject on one line, its placeholders filled (a CR/LF would start a new mail header). */
export function emailSubject(subject: string, values: { name: string; company: string }): string {
  return fillPlaceholders(subject, values)
    .replace(/[\r\n]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .slice(0, 300);
}

/** Plain text of an HTML body. */
export function plainText(body: string): string {
  return body
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function emailContent(input: {
  to: string[];
  subject: string;
  body: string;
  values: { name: string; company: string };
  attachments: PlannedAttachment[];
}): EmailContent {
  const html = emailHtml(input.body, input.values);
  return {
    to: input.to,
    subject: emailSubject(input.subject, input.values),
    html,
    text: plainText(html),
    attachments: input.attachments,
  };
}
