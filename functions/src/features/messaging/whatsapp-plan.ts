// The one set of WhatsApp sending rules, for every way a message leaves (entries, follow-ups,
// resends, the send route):
// - a template chosen: that approved template, its parameters filled; media only inside the
//   customer's 24-hour window;
// - no template, window open: the typed text as a text message, attachments as media;
// - no template, window closed: the company's default approved template with the text in its
//   parameter; nothing at all when there is none.
// A chosen template that Meta would refuse (unknown, not approved, wrong parameter count) is a
// 400 before anything is stored or sent; a bad company default only leaves WhatsApp unsent.
// A template parameter is never empty nor a stand-in ('-'): with nothing to fill it, WhatsApp
// does not go and the request is a 400 saying so. A customer who wrote STOP gets nothing on
// WhatsApp until they write START.
import { hasMediaHeader } from '../../contract/messaging';
import { HttpError } from '../../http/errors';
import type { MetaTemplate } from '../../integrations';
import type { TemplateLink } from '../../domain/settings/store';
import type { PlannedAttachment, WhatsAppPart, WhatsAppPlan } from '../../domain/messages';

export type { PlannedAttachment, WhatsAppPart, WhatsAppPlan };

export interface PlanInput {
  text: string;
  attachments: PlannedAttachment[];
  openUntil: Date | null;
  now: number;
  /** The template picked for this message (a link with its parameter mapping). */
  chosen?: TemplateLink & { parameters?: string[] };
  /** The company default from Integrations; an empty name is none. */
  fallback: TemplateLink;
  customerName: string;
  /** The customer wrote STOP from this phone (and not START since). */
  optedOut?: boolean;
  /** The synced template of that name and language, read beforehand. */
  lookup: (link: TemplateLink) => MetaTemplate | undefined;
}

export const NO_DEFAULT_TEMPLATE =
  'WhatsApp not sent: the customer has not written in the last 24 hours, and only an approved template may be sent then. Choose one, or set a default template under Integrations.';
export const OPTED_OUT =
  'WhatsApp not sent: the customer opted out of WhatsApp (wrote STOP). Nothing goes to them on WhatsApp until they write START.';
const MEDIA_OUTSIDE_WINDOW =
  'Attachments are not sent on WhatsApp outside the 24-hour window (only the template goes)';

/** Meta refuses parameters with line breaks, tabs or more than 4 spaces in a row. */
export function paramText(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
}

export function fillBody(body: string, parameters: string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (m, n: string) => parameters[Number(n) - 1] ?? m);
}

/** Why a template cannot go; `empty` when a parameter has nothing to fill it. */
interface Refusal {
  reason: string;
  empty?: boolean;
}

/** A parameter with nothing to fill it: WhatsApp does not go, and the request is refused. */
const emptyParameter = (label: string, param: number): Refusal => ({
  reason: `WhatsApp not sent: ${label} needs {{${param}}} filled, and there is no message to fill it. Type the message.`,
  empty: true,
});

/** The parameters a template link gives, or why Meta would refuse them. */
function templateParameters(
  link: TemplateLink & { parameters?: string[] },
  meta: MetaTemplate,
  values: { text: string; name: string },
): string[] | Refusal {
  const label = `the WhatsApp template "${meta.name}" (${meta.language})`;
  const Label = label[0].toUpperCase() + label.slice(1);
  if (link.parameters) {
    if (link.parameters.length !== meta.paramCount) {
      return {
        reason: `${Label} takes ${meta.paramCount} parameter(s); ${link.parameters.length} given`,
      };
    }
    const given = link.parameters.map(paramText);
    const empty = given.findIndex((p) => !p);
    return empty >= 0 ? emptyParameter(label, empty + 1) : given;
  }
  // A template picked by name alone with one parameter: the typed text fills it.
  const textParam =
    link.textParam === null && link.nameParam === null && meta.paramCount === 1
      ? 1
      : link.textParam;
  const parameters: (string | undefined)[] = Array.from({ length: meta.paramCount });
  for (const [param, value] of [
    [textParam, values.text],
    [link.nameParam, values.name],
  ] as const) {
    if (param === null) continue;
    if (param > meta.paramCount) {
      return { reason: `${Label} has no parameter {{${param}}}: it takes ${meta.paramCount}` };
    }
    const filled = endingAsBody(paramText(value), meta.body, param);
    if (!filled) return emptyParameter(label, param);
    parameters[param - 1] = filled;
  }
  const missing = parameters.findIndex((p) => p === undefined);
  if (missing >= 0) {
    return {
      reason: `${Label} takes ${meta.paramCount} parameter(s): say which one takes the text and which the customer's name ({{${missing + 1}}} is not filled)`,
    };
  }
  return parameters as string[];
}

/**
 * Typed text put where the template's body ends a sentence itself (`{{1}}. Reply…`) leaves its
 * own closing full stop out, so the customer never reads "shortly.. Reply".
 */
function endingAsBody(text: string, body: string, param: number): string {
  // Only a full stop: a question or an exclamation keeps its mark ("Any news?.").
  return body.split(`{{${param}}}`)[1]?.startsWith('.') ? text.replace(/\.+$/, '') : text;
}

/** The template's message, or why it cannot go. */
function templatePart(
  link: TemplateLink & { parameters?: string[] },
  input: PlanInput,
): { part: Extract<WhatsAppPart, { kind: 'template' }>; preview: string } | Refusal {
  const meta = input.lookup(link);
  const named = `The WhatsApp template "${link.name}"${link.language ? ` (${link.language})` : ''}`;
  if (!meta)
    return {
      reason: `${named} is not among the templates synced from Meta: sync them under Templates`,
    };
  if (meta.status !== 'APPROVED') {
    return {
      reason: `${named} is ${meta.status.toLowerCase() || 'not approved'}: only approved templates can be sent`,
    };
  }
  if (hasMediaHeader(meta)) {
    return {
      reason: `${named} has a ${meta.headerFormat!.toLowerCase()} header, which only a broadcast or a quote fills: choose a template without one`,
    };
  }
  const parameters = templateParameters(link, meta, {
    text: input.text,
    name: input.customerName,
  });
  if (!Array.isArray(parameters)) return parameters;
  return {
    part: { kind: 'template', name: meta.name, language: meta.language, parameters },
    preview: fillBody(meta.body, parameters),
  };
}

const refuse = (refusal: Refusal) =>
  new HttpError(400, refusal.reason, { whatsapp: refusal.reason });

export function planWhatsApp(input: PlanInput): WhatsAppPlan {
  const open = input.openUntil !== null && input.openUntil.getTime() > input.now;
  const window = { open, openUntil: input.openUntil ? input.openUntil.toISOString() : null };
  const media: WhatsAppPart[] = input.attachments.map((attachment) => ({
    kind: 'media',
    attachment,
  }));
  const skipped = !open && media.length > 0 ? MEDIA_OUTSIDE_WINDOW : undefined;

  if (input.optedOut) return { parts: [], window, preview: '', notSent: OPTED_OUT };
  if (input.chosen?.name) {
    const planned = templatePart(input.chosen, input);
    if ('reason' in planned) throw refuse(planned);
    return {
      parts: [planned.part, ...(open ? media : [])],
      window,
      preview: planned.preview,
      template: { name: planned.part.name, language: planned.part.language },
      skipped,
    };
  }
  if (open) {
    const text = input.text.trim();
    const parts: WhatsAppPart[] = [...(text ? [{ kind: 'text' as const, text }] : []), ...media];
    return {
      parts,
      window,
      preview: text,
      ...(parts.length === 0 && { notSent: 'WhatsApp not sent: there is no text or file to send' }),
    };
  }
  if (!input.fallback.name) return { parts: [], window, preview: '', notSent: NO_DEFAULT_TEMPLATE };
  const planned = templatePart(input.fallback, input);
  if ('reason' in planned) {
    if (planned.empty) throw refuse(planned);
    return {
      parts: [],
      window,
      preview: '',
      notSent: `WhatsApp not sent: the customer has not written in the last 24 hours, and the default template cannot be used. ${planned.reason}.`,
    };
  }
  return {
    parts: [planned.part],
    window,
    preview: planned.preview,
    template: { name: planned.part.name, language: planned.part.language },
    skipped,
  };
}
