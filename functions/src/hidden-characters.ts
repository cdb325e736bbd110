// Characters a person cannot see that change what they see: control characters (NUL and the
// rest of C0 and C1, but tab and line breaks), the direction overrides and isolates (U+202E
// turns "txt.exe" around), the direction marks, and zero-width spaces, joiners of words and the
// byte order mark. Names, phones, emails and titles holding one are refused (one name could
// pass for another); free text has them taken out. The zero-width joiner and non-joiner stay:
// Indian scripts and emoji spell with them.

const HIDDEN =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F' +
  '\\u061C\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
const ANY_HIDDEN = new RegExp(`[${HIDDEN}]`, 'u');
const EVERY_HIDDEN = new RegExp(`[${HIDDEN}]`, 'gu');

export const HIDDEN_CHARACTER_MESSAGE =
  'must not hold control or text-direction characters (NUL, U+202E and the like)';

/** Whether `text` holds a character that must not be in a name, phone, email or title. */
export function hasHiddenCharacter(text: string): boolean {
  return ANY_HIDDEN.test(text);
}

/** Free text without those characters (tab and line breaks kept). */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(EVERY_HIDDEN, '');
}
