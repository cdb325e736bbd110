// Quick replies: typing "/" in the reply box lists the company's text templates by title, as a
// chat's saved replies do; outside WhatsApp's window only those linked to an approved template
// (the one thing that can go then).
import { fillPlaceholders } from '@contract/placeholders';
import type { Template } from '../../../resources/templates';

/** Most quick replies listed at once: a thumb picks from a short list, and typing narrows it. */
const SHOWN = 6;

/** What follows the "/" when the box holds only a quick-reply search, else null. */
export function quickReplyQuery(text: string): string | null {
  const match = /^\/([^\n]*)$/.exec(text);
  return match ? match[1].trim().toLowerCase() : null;
}

/** The templates a "/" search offers, by title, in the templates' own order. */
export function quickReplies(
  templates: readonly Template[],
  query: string,
  onlyApproved: boolean,
): Template[] {
  return templates
    .filter((t) => t.type === 'text' || t.type === 'whatsapp')
    .filter((t) => !onlyApproved || (t.type === 'whatsapp' && Boolean(t.approved?.name)))
    .filter((t) => t.title.toLowerCase().includes(query))
    .slice(0, SHOWN);
}

/** A template's words for this customer: {{name}} becomes their name ({{company}} the server fills). */
export const fillQuickReply = (template: Template, customerName: string): string =>
  fillPlaceholders(template.content, { name: customerName });
