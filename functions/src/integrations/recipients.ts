// Addresses as the providers want them: phones in E.164 (India when no country code is given),
// emails checked for shape. Shared by the senders and the settings validation.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

export const DEFAULT_PHONE_COUNTRY = 'IN';

/** '+919812345678' for '98123 45678', '+91 98123-45678' or '919812345678'; undefined if invalid. */
export function toE164(phone: string): string | undefined {
  const trimmed = phone.trim();
  if (!trimmed) return undefined;
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  if (parsed?.isValid()) return parsed.number;
  // '14155552671': a full international number typed without the plus.
  if (/^\d{11,15}$/.test(trimmed)) {
    const international = parsePhoneNumberFromString(`+${trimmed}`);
    if (international?.isValid()) return international.number;
  }
  return undefined;
}

const emailShape = z.email();

export function isEmail(value: string): boolean {
  return emailShape.safeParse(value).success;
}
