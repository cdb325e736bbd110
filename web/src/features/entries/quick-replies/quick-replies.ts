// Quick replies: typing "/" in a message box lists the person's own saved replies and the
// company's text templates by title, as a chat's saved replies do; outside WhatsApp's window
// only templates linked to an approved one (the one thing that can go then).
import { fillPlaceholders } from '@contract/placeholders';
import type { Attachment } from '../../../resources/entries';
import type { SavedReply } from '../../../resources/saved-replies';
import type { Template } from '../../../resources/templates';

/** Most quick replies listed at once: a thumb picks from a short list, and typing narrows it. */
const SHOWN = 6;

/** One line of the "/" list: a company template, or one of the person's saved replies. */
export type QuickReply =
  | { kind: 'template'; key: string; title: string; content: string; template: Template }
  | { kind: 'saved'; key: string; title: string; content: string; saved: SavedReply };

/** What choosing a quick reply puts in the box. */
export type QuickReplyFill = {
  text: string;
  /** The approved WhatsApp template it sends, '' for none. */
  whatsappTemplateId: string;
  /** The file a saved reply carries. */
  attachment: Attachment | null;
};

/** What follows the "/" when the box holds only a quick-reply search, else null. */
export function quickReplyQuery(text: string): string | null {
  const match = /^\/([^\n]*)$/.exec(text);
  return match ? match[1].trim().toLowerCase() : null;
}

/**
 * The replies a "/" search offers, by title: the person's own first, then the templates, each
 * in its own order. Outside the window only templates linked to an approved one.
 */
export function quickReplies(
  templates: readonly Template[],
  saved: readonly SavedReply[],
  query: string,
  onlyApproved: boolean,
): QuickReply[] {
  const own: QuickReply[] = onlyApproved
    ? []
    : saved.map((reply) => ({
        kind: 'saved',
        key: `saved-${reply._id}`,
        title: reply.title,
        content: reply.content,
        saved: reply,
      }));
  const company: QuickReply[] = templates
    .filter((t) => t.type === 'text' || t.type === 'whatsapp')
    .filter((t) => !onlyApproved || (t.type === 'whatsapp' && Boolean(t.approved?.name)))
    .map((t) => ({
      kind: 'template',
      key: t._id,
      title: t.title,
      content: t.content,
      template: t,
    }));
  return [...own, ...company]
    .filter((reply) => reply.title.toLowerCase().includes(query))
    .slice(0, SHOWN);
}

/** A reply's words for this customer ({{name}} their name; {{company}} the server fills). */
export function fillQuickReply(reply: QuickReply, customerName: string): QuickReplyFill {
  const text = fillPlaceholders(reply.content, { name: customerName });
  if (reply.kind === 'saved') {
    return { text, whatsappTemplateId: '', attachment: reply.saved.attachment };
  }
  const approved = reply.template.type === 'whatsapp' && reply.template.approved?.name;
  return { text, whatsappTemplateId: approved ? reply.template._id : '', attachment: null };
}
