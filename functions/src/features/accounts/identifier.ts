// Who asks for a one-time code: an email, or a phone number the code goes to by WhatsApp.
import { HttpError } from '../../http/errors';
import { toE164 } from '../../domain/identity/phone';

export type Identifier = { channel: 'email' | 'whatsapp'; value: string };

/** An email (lowercased) or a phone number (E.164, India by default). */
export function parseIdentifier(input: string): Identifier {
  const text = input.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { channel: 'email', value: email };
  } else {
    const phone = toE164(text);
    if (phone) return { channel: 'whatsapp', value: phone };
  }
  throw new HttpError(400, 'Enter a valid email or phone number', {
    identifier: 'Enter a valid email or phone number',
  });
}
