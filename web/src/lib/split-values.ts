/** Splits text on newlines, commas or semicolons into trimmed, non-empty values. */
export function splitValues(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((value) => value.trim())
    .filter(Boolean);
}
