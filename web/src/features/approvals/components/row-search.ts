/** Every value of a row as lower-case text (ids left out), nested lists and objects included. */
function valuesOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(valuesOf);
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => (key === '_id' ? [] : valuesOf(inner)));
  }
  return [String(value).toLowerCase()];
}

/** Search is case-insensitive over all fields of a row, after trimming. */
export function rowMatches(row: unknown, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || valuesOf(row).some((text) => text.includes(needle));
}
