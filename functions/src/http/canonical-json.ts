// One text per JSON value whatever the order of its objects' keys: the same request sent with
// its keys in another order is the same request. Bodies reach it through jsonBody, which
// refuses any nested deeper than MAX_JSON_DEPTH, so the recursion is bounded.

/** JSON.stringify's text with every object's keys sorted (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** How deeply arrays and objects nest in `value` (0 for a plain value), counted without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item as object)) stack.push([child, depth + 1]);
  }
  return deepest;
}
