// The WhatsApp Cloud API as the outbox plays it, by Meta's documented rules: a bearer token is
// needed (190); a template must exist in that language and be approved (132001) and get as
// many body parameters as its {{n}} (132000); free-form text and media are taken, then fail
// by status callback with 131047 when the customer has not written in the last 24 hours. A
// document needs a link or an id (131008); a template approved with a DOCUMENT or IMAGE header
// needs that header's parameter of that type ("header: Format mismatch, expected IMAGE,
// received UNKNOWN", 132012) with a link or an id (131008), and one without takes none (132012).

export interface SeededTemplate {
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  category: 'UTILITY' | 'MARKETING';
  body: string;
  /** A media header the template was approved with: each send gives its file. */
  headerFormat?: 'DOCUMENT' | 'IMAGE';
}

/** What the local WhatsApp Business Account has; the seed makes crm_message the default. */
export const SEEDED_TEMPLATES: SeededTemplate[] = [
  {
    name: 'crm_message',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Hello {{1}}, a message from our team: {{2}}',
  },
  {
    name: 'order_update',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Update on your order: {{1}}. Reply to this message for any question.',
  },
  {
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
  },
  {
    name: 'quotation_document',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    headerFormat: 'DOCUMENT',
    body: 'Hello {{1}}, please find attached our quotation {{2}} for {{3}}. Reply to this message with any question.',
  },
  {
    name: 'festive_offer',
    language: 'en',
    status: 'PENDING',
    category: 'MARKETING',
    body: 'Festive offer for {{1}}: {{2}}',
  },
  {
    name: 'season_offer',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    body: 'Namaste {{1}}, {{2}} Reply STOP to stop these messages.',
  },
  {
    name: 'new_arrivals',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    headerFormat: 'IMAGE',
    body: 'Namaste {{1}}, new in our range: {{2}} Reply STOP to stop these messages.',
  },
];

export const WINDOW_MS = 24 * 60 * 60 * 1000;

export function paramCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

export interface GraphError {
  status: number;
  code: number;
  message: string;
  details: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/** Why Meta would refuse this request outright, or undefined when it takes it. */
export function refusal(body: Json): GraphError | undefined {
  if (body.messaging_product !== 'whatsapp') {
    return {
      status: 400,
      code: 100,
      message: '(#100) Invalid parameter',
      details: 'messaging_product is required',
    };
  }
  if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) {
    return { status: 400, code: 100, message: '(#100) Invalid parameter', details: 'Invalid to' };
  }
  if (body.type === 'document' || body.type === 'image' || body.type === 'video') {
    const media = obj(body[body.type]);
    if (typeof media.link !== 'string' && typeof media.id !== 'string') {
      return {
        status: 400,
        code: 131008,
        message: '(#131008) Required parameter is missing',
        details: `${body.type}: either link or id is required`,
      };
    }
    if (typeof media.link === 'string' && !/^https?:\/\/\S+$/i.test(media.link)) {
      return {
        status: 400,
        code: 100,
        message: '(#100) Invalid parameter',
        details: `${body.type}.link: not a valid URL`,
      };
    }
    return undefined;
  }
  if (body.type !== 'template') return undefined;
  const template = obj(body.template);
  const language = String(obj(template.language).code ?? '');
  const seeded = SEEDED_TEMPLATES.find((t) => t.name === template.name && t.language === language);
  if (!seeded || seeded.status !== 'APPROVED') {
    return {
      status: 404,
      code: 132001,
      message: '(#132001) Template name does not exist in the translation',
      details: `template name (${String(template.name)}) does not exist in ${language}`,
    };
  }
  const components = Array.isArray(template.components) ? template.components.map(obj) : [];
  const given = components
    .filter((c) => c.type === 'body')
    .reduce((n, c) => n + (Array.isArray(c.parameters) ? c.parameters.length : 0), 0);
  const headers = components.filter((c) => c.type === 'header');
  const headerMismatch = (details: string): GraphError => ({
    status: 400,
    code: 132012,
    message: '(#132012) Parameter format does not match format in the created template',
    details,
  });
  if (seeded.headerFormat) {
    const type = seeded.headerFormat.toLowerCase();
    const parameter = headerParameter(body);
    const received = String(parameter?.type ?? '').toUpperCase() || 'UNKNOWN';
    if (received !== seeded.headerFormat)
      return headerMismatch(
        `header: Format mismatch, expected ${seeded.headerFormat}, received ${received}`,
      );
    const media = obj(parameter?.[type]);
    if (typeof media.link !== 'string' && typeof media.id !== 'string')
      return {
        status: 400,
        code: 131008,
        message: '(#131008) Required parameter is missing',
        details: `header: ${type} requires either link or id`,
      };
  } else if (headers.length > 0) {
    return headerMismatch('header: the template has no media header');
  }
  const expected = paramCount(seeded.body);
  if (given !== expected) {
    return {
      status: 400,
      code: 132000,
      message: '(#132000) Number of parameters does not match the expected number of params',
      details: `body: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
    };
  }
  return undefined;
}

/** The seeded template a template send names, if any. */
export function sentTemplate(body: Json): SeededTemplate | undefined {
  if (body.type !== 'template') return undefined;
  const template = obj(body.template);
  const language = String(obj(template.language).code ?? '');
  return SEEDED_TEMPLATES.find((t) => t.name === template.name && t.language === language);
}

/** The text the customer reads, for the outbox's own record. */
export function readableText(body: Json): string {
  if (body.type === 'text') return String(obj(body.text).body ?? '');
  if (body.type === 'template') {
    const template = obj(body.template);
    const seeded = SEEDED_TEMPLATES.find((t) => t.name === template.name);
    const params = (Array.isArray(template.components) ? template.components.map(obj) : [])
      .filter((c) => c.type === 'body')
      .flatMap((c) => (Array.isArray(c.parameters) ? c.parameters.map(obj) : []))
      .map((p) => String(p.text ?? ''));
    return (seeded?.body ?? `template ${String(template.name)}`).replace(
      /\{\{\s*(\d+)\s*\}\}/g,
      (m, n: string) => params[Number(n) - 1] ?? m,
    );
  }
  const media = obj(body[String(body.type)]);
  return `[${String(body.type)}] ${String(media.filename ?? media.link ?? '')}`;
}

/** A template send's header parameter (its first), if any. */
function headerParameter(body: Json): Json | undefined {
  const template = obj(body.template);
  const components = Array.isArray(template.components) ? template.components.map(obj) : [];
  const header = components.find((c) => c.type === 'header');
  return Array.isArray(header?.parameters) ? header.parameters.map(obj)[0] : undefined;
}

/**
 * The file a send carries that Meta fetches by its link: a document message's, or a template's
 * DOCUMENT or IMAGE header's.
 */
export function headerFile(body: Json): Json | undefined {
  if (body.type === 'document') return obj(body.document);
  if (body.type !== 'template') return undefined;
  const parameter = headerParameter(body);
  const type = String(parameter?.type ?? '');
  return parameter && (type === 'document' || type === 'image') ? obj(parameter[type]) : undefined;
}
