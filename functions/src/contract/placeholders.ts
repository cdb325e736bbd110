// The placeholders a template's words may hold, filled the same way where the server sends them
// and where the web shows them first (a quick reply in the reply box).

/** `{{word}}` or `{word}`, spaces inside allowed, any case. */
const placeholder = (word: string) =>
  new RegExp(`\\{\\{\\s*${word}\\s*\\}\\}|\\{\\s*${word}\\s*\\}`, 'gi');

/**
 * {{name}} (the customer's first name) and {{company}} in a template, or with single braces
 * ({name}, {company}) as people often type them; a value not given leaves its placeholder for
 * the server to fill.
 */
export function fillPlaceholders(
  template: string,
  values: { name?: string; company?: string },
): string {
  let filled = template;
  // A function, so that a "$" in a name is taken as it is.
  if (values.name !== undefined) filled = filled.replace(placeholder('name'), () => values.name!);
  if (values.company !== undefined)
    filled = filled.replace(placeholder('company'), () => values.company!);
  return filled;
}
