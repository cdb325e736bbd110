// STOP and START, as Meta's opt-out policy asks: a customer whose whole message is one of the
// stop words is opted out of WhatsApp; START opts them back in. Case and spacing do not matter
// ("Stop", " band  karo "); a sentence that merely contains a stop word does not count.
import { setWhatsAppOptOut } from '../messaging';

const STOP_WORDS = new Set(['stop', 'unsubscribe', 'band karo', 'बंद करो']);
const START_WORDS = new Set(['start']);

/** What a message asks: 'stop', 'start', or nothing. */
export function optOutKeyword(text: string): 'stop' | 'start' | null {
  const said = text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  if (STOP_WORDS.has(said)) return 'stop';
  if (START_WORDS.has(said)) return 'start';
  return null;
}

/** Applies a STOP or START message from `phone` (E.164) to its customer; other texts do nothing. */
export async function applyOptOutKeyword(phone: string, text: string, at: Date): Promise<void> {
  const keyword = optOutKeyword(text);
  if (keyword) await setWhatsAppOptOut(phone, keyword === 'stop', at);
}
