// A stored or received field read as text, whatever it held: documents and providers' JSON may
// carry anything, and the code reading them wants a string to compare or show.

/** The value when it is a string; '' when it is missing or anything else. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
