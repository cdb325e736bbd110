/** The route of a customer's page (the lists, entries and the search link to it). */
export const customerPath = (id: string) => `/customers/${encodeURIComponent(id)}`;
