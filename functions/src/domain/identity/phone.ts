import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** India unless the number says otherwise (+CC). */
export const DEFAULT_PHONE_REGION = 'IN';

/** The number in E.164 (+919876543210), or undefined when it is not a valid phone number. */
export function toE164(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), DEFAULT_PHONE_REGION);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * A stored number as people write it, for texts people read (notifications):
 * '+919810185084' → '+91 98101 85084'. The web app's lib/phone.ts formats the same way.
 * Anything that does not parse is shown as it is.
 */
export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value.trim(), DEFAULT_PHONE_REGION);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}
