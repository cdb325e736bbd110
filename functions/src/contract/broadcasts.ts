// A broadcast: one approved WhatsApp template to a chosen list of customers (docs/broadcasts.md).
// Like everything in contract/, plain TypeScript without imports but from itself: web/ imports it as
// @contract/<file>.
import { hasMediaHeader, type WhatsAppTemplate } from './messaging';

/** What fills a template parameter: a customer's field, or the same text for everyone. */
export type BroadcastParam = { field: BroadcastParamField; fallback?: string } | { text: string };

export const BROADCAST_PARAM_FIELDS = [
  'firstName',
  'fullName',
  'ownerName',
  'companyName',
] as const;
export type BroadcastParamField = (typeof BROADCAST_PARAM_FIELDS)[number];

/** What a field parameter reads when the customer has no such value and no fallback is given. */
export const PARAM_FALLBACKS: Record<BroadcastParamField, string> = {
  firstName: 'Customer',
  fullName: 'Customer',
  ownerName: 'our team',
  companyName: 'our team',
};

/** The values a recipient's parameters are filled from. */
export interface RecipientValues {
  name: string;
  ownerName: string;
  companyName: string;
}

/** One parameter's text for one recipient (never empty: a fallback stands in). */
export function paramText(param: BroadcastParam, values: RecipientValues): string {
  if ('text' in param) return param.text;
  const value = {
    firstName: values.name.trim().split(/\s+/)[0] ?? '',
    fullName: values.name.trim(),
    ownerName: values.ownerName.trim(),
    companyName: values.companyName.trim(),
  }[param.field];
  return value || param.fallback?.trim() || PARAM_FALLBACKS[param.field];
}

/** The template's body as one recipient reads it ({{n}} filled from `params`). */
export function fillTemplate(body: string, params: BroadcastParam[], values: RecipientValues) {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const param = params[Number(n) - 1];
    return param ? paramText(param, values) : whole;
  });
}

/**
 * The media headers a broadcast fills, by the template's HEADER format: what WhatsApp calls the
 * parameter, what goes in it (Meta: a document header any document, here a PDF; an image header
 * a JPEG or PNG of at most 5 MB), in words.
 */
export const HEADER_FILES = {
  DOCUMENT: {
    type: 'document',
    mimetypes: ['application/pdf'],
    maxBytes: 100 * 1024 * 1024,
    words: 'a PDF',
  },
  IMAGE: {
    type: 'image',
    mimetypes: ['image/jpeg', 'image/png'],
    maxBytes: 5 * 1024 * 1024,
    words: 'a JPEG or PNG picture',
  },
} as const;
export type MediaHeaderFormat = keyof typeof HEADER_FILES;

/** The template's media header a broadcast fills (DOCUMENT or IMAGE), or undefined for none. */
export function mediaHeaderOf(headerFormat: string | undefined): MediaHeaderFormat | undefined {
  return headerFormat === 'DOCUMENT' || headerFormat === 'IMAGE' ? headerFormat : undefined;
}

/** A template a broadcast can send: no media header, or one it fills (not a video or a place). */
export function broadcastFillsHeader(template: Pick<WhatsAppTemplate, 'headerFormat'>): boolean {
  return !hasMediaHeader(template) || mediaHeaderOf(template.headerFormat) !== undefined;
}

/** The file in a broadcast's media header, the same for every recipient. */
export interface BroadcastHeader {
  type: (typeof HEADER_FILES)[MediaHeaderFormat]['type'];
  /** An uploaded file: its url is /api/files/uploads/<id>. */
  file: { name: string; url: string; mimetype: string; size: number };
  /** The quote whose PDF it is, when it is one. */
  quote?: { _id: string; number: string };
}

/** A broadcast's header file as chosen: an uploaded file by its url, or a quote's PDF. */
export type BroadcastHeaderInput = { fileUrl: string } | { quoteId: string };

/** The customer list's own filters (GET /customers' parameters). */
export interface AudienceFilters {
  q?: string;
  categories?: string[];
  potential?: string;
  /** Created on or after this day (YYYY-MM-DD, company time zone). */
  from?: string;
  /** Created on or before this day. */
  to?: string;
  /** The owner's employee id, or 'none' for customers without an owner. */
  owner?: string;
  /** Last contacted (the newest message to or from them) on or after this day. */
  contactedFrom?: string;
  /** Last contacted on or before this day. */
  contactedTo?: string;
  /** One of the customer's entries carries this tag (any case). */
  tag?: string;
}

export type Audience = { filters: AudienceFilters } | { phones: string[] };

/** How a broadcast's answers show its audience: the filters, or a pasted list by its size. */
export type AudienceShown = { filters: AudienceFilters } | { phoneCount: number };

/** The categories of approved templates, by which Meta prices a message. */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * What POST /broadcasts/audience counts: an audience, and the category of the template whose
 * cost it estimates (MARKETING when left out).
 */
export interface AudienceRequest {
  audience: Audience;
  category?: TemplateCategory;
}

/**
 * What POST /broadcasts makes: a broadcast of one approved template to `audience`, starting at
 * `sendAt` (an ISO time with its offset, or YYYY-MM-DDTHH:MM on the company's clocks; left out
 * or null: when started).
 */
export interface BroadcastRequest {
  name: string;
  template: { name: string; language: string };
  /** What fills the template's parameters, in order; none when left out. */
  params?: BroadcastParam[];
  /** Needed when the template has a DOCUMENT or IMAGE header, refused when it has none. */
  header?: BroadcastHeaderInput | null;
  audience: Audience;
  sendAt?: string | null;
}

/** Why a customer or a phone of the audience gets nothing. */
export const EXCLUSION_REASONS = {
  optedOut: 'Opted out of WhatsApp (wrote STOP)',
  noPhone: 'No phone number',
  duplicate: 'The same phone as another recipient',
  notCustomer: 'Not a customer: add the number as a customer first',
  invalid: 'Not a phone number',
  alreadyMessaged: 'Already messaged by this broadcast',
} as const;
export type ExclusionReason = keyof typeof EXCLUSION_REASONS;

export interface AudienceSample {
  customerId: string | null;
  name: string;
  phone: string;
  ownerName: string;
}

export interface ExcludedSample {
  customerId: string | null;
  name: string;
  phone: string;
  reason: ExclusionReason;
}

/** What POST /broadcasts/audience (and a broadcast's creation) counted. */
export interface AudienceCount {
  audienceCount: number;
  excluded: Record<ExclusionReason, number>;
  /** Paise: the template category's price for each recipient, rounded up. */
  estimatedCost: number;
  /** The first few recipients, for the per-customer preview. */
  sample: AudienceSample[];
  /** The first few excluded, with the reason. */
  excludedSample: ExcludedSample[];
}

export const BROADCAST_STATES = [
  'scheduled',
  'draft',
  'sending',
  'paused',
  'waiting',
  'done',
  'cancelled',
] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

export interface BroadcastCounts {
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
  skipped: number;
  optedOutAfter: number;
}

export interface Broadcast extends AudienceCount {
  _id: string;
  name: string;
  template: { name: string; language: string; category: string };
  params: BroadcastParam[];
  /** The file in the template's DOCUMENT or IMAGE header; null when it has none. */
  header: BroadcastHeader | null;
  audience: AudienceShown;
  state: BroadcastState;
  /** ISO time it is to start at; null: when started. */
  sendAt: string | null;
  createdAt: string;
  createdBy: { _id: string; name: string };
  /** Who started it (the start button, or the one who scheduled it when its time came). */
  startedBy: { _id: string; name: string } | null;
  startedAt: string | null;
  /** Waiting for the messaging limit's 24 hours to move: when it goes on (ISO). */
  waitUntil: string | null;
  counts: BroadcastCounts;
  /**
   * Paise: the messages delivered so far at the price of the estimate's category, what Meta
   * bills (it charges per delivered template message), to set against `estimatedCost`.
   */
  deliveredCost: number;
  /**
   * Each "Send to new matches" after it was done, oldest first: when, by whom, and how many
   * customers it added (`audienceCount` and `estimatedCost` include them).
   */
  newMatchRuns: NewMatchRun[];
}

/** One "Send to new matches" (POST /broadcasts/:id/new-matches). */
export interface NewMatchRun {
  at: string;
  by: { _id: string; name: string };
  added: number;
}

/** A state change asked of a broadcast: POST /broadcasts/:id/<action>. */
export const BROADCAST_ACTIONS = ['start', 'pause', 'resume', 'cancel'] as const;
export type BroadcastAction = (typeof BROADCAST_ACTIONS)[number];

/** One recipient's line of recipients.csv: what the report's states name. */
export const RECIPIENT_STATES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'unknown',
  'skipped',
  'cancelled',
] as const;

/** A broadcast in GET /broadcasts (no samples). */
export type BroadcastSummary = Omit<
  Broadcast,
  'sample' | 'excludedSample' | 'params' | 'header' | 'audience'
>;
