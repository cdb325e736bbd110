// A person's own saved replies: listed by "/" in the reply box and Add Entry's message beside
// the company's Text templates, each with at most one file.
import type { Attachment } from './entries';

/** Most saved replies one person keeps. */
export const MAX_SAVED_REPLIES = 50;

/** GET /me/saved-replies lists these; POST answers the one it stored. */
export interface SavedReply {
  _id: string;
  title: string;
  /** The words, `{{name}}` filled with the customer's name when chosen. */
  content: string;
  /** A file that goes with the words (an uploaded file or one of the settings' fixed PDFs). */
  attachment: Attachment | null;
  createdAt: string | null;
}

/** POST /me/saved-replies. */
export interface SavedReplyInput {
  title: string;
  content: string;
  attachment?: Attachment | null;
}
