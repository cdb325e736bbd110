/** The route of a customer's page (the lists, entries and the search link to it). */
export const customerPath = (id: string) => `/customers/${encodeURIComponent(id)}`;

/** The customer page's anchor of its conversation (the panel's id). */
export const CONVERSATION_ANCHOR = 'conversation';

/** A customer's conversation: their page, scrolled to it. */
export const conversationPath = (id: string) => `${customerPath(id)}#${CONVERSATION_ANCHOR}`;
