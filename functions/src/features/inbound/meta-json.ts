// Reading Meta's webhook bodies, whose every field may be missing or of another type: a field
// read as an object or a list of objects is {} or [] when it is not one (a string: `textOf`).
export type Json = Record<string, unknown>;

export const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
export const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);
