// The dashboard's "my day": the signed-in person's own work for today, as GET /dashboard/my-day
// and the `myDay` part of GET /dashboard/all answer it. Plain TypeScript without imports: web/
// imports it as @contract/my-day.

/** A conversation of mine, the newest first (the Inbox's order). */
export interface MyConversation {
  customerId: string;
  customerName: string;
  lastAt: string;
  lastText: string;
  lastDirection: 'in' | 'out';
  unread: number;
}

/** A scheduled follow-up of mine due today (the company's day). */
export interface MyFollowUp {
  _id: string;
  customerId: string;
  customerName: string;
  dueAt: string;
  note: string;
  /** The channels it will go on ('whatsapp', 'email'); none: a reminder only. */
  channels: string[];
}

/** A message I sent that failed, with what to open to fix or resend it. */
export interface MyFailedMessage {
  _id: string;
  customerId: string;
  customerName: string;
  channel: 'whatsapp' | 'email';
  at: string;
  /** Why, in words. */
  reason: string;
  /** What it was: the start of its text, or its template's name. */
  text: string;
  /** Its entry, when it went with one (the entry's Channel Details resends it). */
  entryId?: string;
  /** What to do about it, in words, beside the link that opens the customer. */
  fix: string;
}

export interface MyMonth {
  /** 'YYYY-MM', the company's month. */
  month: string;
  entries: number;
  /** The entries' amounts added up, ₹. */
  amount: number;
  confirmed: number;
  confirmedAmount: number;
}

export interface MyDay {
  /** My unread messages in all my conversations (an admin's: with those without an owner). */
  unread: number;
  conversations: MyConversation[];
  followUpsToday: MyFollowUp[];
  /** Failed in the last MY_DAY_FAILED_DAYS days, newest first. */
  failed: MyFailedMessage[];
  month: MyMonth;
}

/** How far back "my failed messages" look. */
export const MY_DAY_FAILED_DAYS = 7;
