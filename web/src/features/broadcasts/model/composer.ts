// The composer's draft and the requests built from it: the audience (the customer list's own
// filters, or pasted phones), the template, what fills each of its parameters and the file in
// its document or image header, and when.
import {
  HEADER_FILES,
  mediaHeaderOf,
  type Audience,
  type BroadcastHeaderInput,
  type BroadcastParam,
  type BroadcastParamField,
} from '@contract/broadcasts';
import { OWNER_FILTER } from '@contract/customers';
import { listParamsOf, type SavedSearch } from '../../../resources/customers/saved-searches';

export type AudienceMode = 'filters' | 'phones';

export interface ParamChoice {
  /** A customer field, or 'text' for the same words to everyone. */
  source: BroadcastParamField | 'text';
  text: string;
}

/** The file chosen for the template's DOCUMENT or IMAGE header. */
export type HeaderChoice =
  | { source: 'file'; url: string; name: string; mimetype: string }
  | { source: 'quote'; quoteId: string; name: string };

export interface ComposerDraft {
  name: string;
  mode: AudienceMode;
  /** The customer list's search (name, phone, email). */
  q: string;
  categories: string[];
  potential: string;
  from: string;
  to: string;
  /** An employee's id, or 'none' (no owner); '' for anyone's. */
  owner: string;
  /** Last contacted between these days (YYYY-MM-DD). */
  contactedFrom: string;
  contactedTo: string;
  /** One of the customer's entries carries this tag. */
  tag: string;
  phones: string;
  /** 'name:language' of the chosen approved template; '' for none. */
  template: string;
  params: ParamChoice[];
  /** The file in the template's media header; null when none is chosen (or it has none). */
  header: HeaderChoice | null;
  when: 'now' | 'later';
  /** A local date and time (datetime-local), read in the company's time zone. */
  sendAt: string;
}

export const EMPTY_DRAFT: ComposerDraft = {
  name: '',
  mode: 'filters',
  q: '',
  categories: [],
  potential: '',
  from: '',
  to: '',
  owner: '',
  contactedFrom: '',
  contactedTo: '',
  tag: '',
  phones: '',
  template: '',
  params: [],
  header: null,
  when: 'now',
  sendAt: '',
};

export const PARAM_SOURCES: { value: ParamChoice['source']; label: string }[] = [
  { value: 'firstName', label: 'First name' },
  { value: 'fullName', label: 'Full name' },
  { value: 'ownerName', label: "Owner's name" },
  { value: 'companyName', label: 'Company name' },
  { value: 'text', label: 'Fixed text' },
];

/** What the request names the header's file by: the uploaded file's url, or the quote. */
export function headerInputOf(choice: HeaderChoice | null): BroadcastHeaderInput | undefined {
  if (!choice) return undefined;
  return choice.source === 'file' ? { fileUrl: choice.url } : { quoteId: choice.quoteId };
}

/** The pasted phones, one per line or separated by commas (a CSV's first column works too). */
export function pastedPhones(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((line) => line.trim().replace(/^"|"$/g, ''))
    .filter((line) => line !== '' && /\d/.test(line));
}

export function audienceOf(draft: ComposerDraft): Audience | null {
  if (draft.mode === 'phones') {
    const phones = pastedPhones(draft.phones);
    return phones.length > 0 ? { phones } : null;
  }
  return {
    filters: {
      ...(draft.q.trim() ? { q: draft.q.trim() } : {}),
      ...(draft.categories.length > 0 ? { categories: draft.categories } : {}),
      ...(draft.potential ? { potential: draft.potential } : {}),
      ...(draft.from ? { from: draft.from } : {}),
      ...(draft.to ? { to: draft.to } : {}),
      ...(draft.owner ? { owner: draft.owner } : {}),
      ...(draft.contactedFrom ? { contactedFrom: draft.contactedFrom } : {}),
      ...(draft.contactedTo ? { contactedTo: draft.contactedTo } : {}),
      ...(draft.tag.trim() ? { tag: draft.tag.trim() } : {}),
    },
  };
}

/**
 * A saved search's filters as the draft holds them. "Mine" stays out: a broadcast names the
 * owner (it is counted again when it starts, perhaps by someone else).
 */
export function draftFilters(filters: SavedSearch['filters']): Partial<ComposerDraft> {
  const { q, categories, owner, ...days } = listParamsOf(filters);
  return { q, categories, ...days, owner: owner === OWNER_FILTER.mine ? '' : owner };
}

export function paramsOf(choices: ParamChoice[]): BroadcastParam[] {
  return choices.map((choice) =>
    choice.source === 'text' ? { text: choice.text.trim() } : { field: choice.source },
  );
}

/** '2026-12-01T10:00' as typed: the server reads it on the company's clocks. */
export function sendAtOf(local: string): string | null {
  return local || null;
}

/** Why the draft cannot be sent yet, or '' when it can. */
export function missing(
  draft: ComposerDraft,
  template: { paramCount: number; headerFormat?: string } | undefined,
): string {
  if (!draft.name.trim()) return 'Give the broadcast a name';
  if (!audienceOf(draft)) return 'Paste at least one phone number';
  if (!draft.template || !template) return 'Choose an approved template';
  const { paramCount } = template;
  const format = mediaHeaderOf(template.headerFormat);
  if (format && !draft.header) return `Choose ${HEADER_FILES[format].words} for its header`;
  const blank = draft.params
    .slice(0, paramCount)
    .findIndex((p) => p.source === 'text' && !p.text.trim());
  if (blank >= 0) return `Fill parameter {{${blank + 1}}}`;
  if (draft.when === 'later' && !draft.sendAt) return 'Choose when to send it';
  return '';
}
