// A customer's timeline as GET /customers/:id/timeline answers it: their entries (each with
// its messages' delivery states and its files) and their follow-ups, newest first. Like
// everything in contract/, plain TypeScript without imports but from itself.
import type { Entry, SendOutcome } from './entries';

/** A follow-up as the timeline shows it: when it is (or was) due and how its sends went. */
export interface TimelineFollowUp {
  entryId: string;
  dueAt?: string;
  days: number;
  note: string;
  channels: string[];
  /** scheduled, sending, sent, partial or failed. */
  status: string;
  byName: string;
  sentAt?: string;
  /** Per channel ('email', 'whatsapp'): what became of the send once it went. */
  results: Record<string, SendOutcome>;
}

export type TimelineItem =
  | { kind: 'entry'; _id: string; at: string; entry: Entry }
  | { kind: 'followUp'; _id: string; at: string; followUp: TimelineFollowUp };

export interface TimelinePage {
  items: TimelineItem[];
  /** Pass back as `cursor` for the next, older page; null when there is none. */
  nextCursor: string | null;
}

export const TIMELINE_DEFAULT_LIMIT = 20;
export const TIMELINE_MAX_LIMIT = 50;
