// STOP and START, as Meta's opt-out policy asks: a customer whose whole message is one of the
// stop words is opted out of WhatsApp; START opts them back in. Case and spacing do not matter
// ("Stop", " band  karo "); a sentence that merely contains a stop word does not count.

const STOP_WORDS = new Set(['stop', 'unsubscribe', 'band karo', 'बंद करो']);
const START_WORDS = new Set(['start']);

/** What a message asks: 'stop', 'start', or nothing. */
export function optOutKeyword(text: string): 'stop' | 'start' | null {
  const said = text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  if (STOP_WORDS.has(said)) return 'stop';
  if (START_WORDS.has(said)) return 'start';
  return null;
}
