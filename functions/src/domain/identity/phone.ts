import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** India unless the number says otherwise (+CC). */
export const DEFAULT_PHONE_REGION = 'IN';

/** The number in E.164 (+919876543210), or undefined when it is not a valid phone number. */
export function toE164(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), DEFAULT_PHONE_REGION);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * A stored E.164 number as people write it: '+919810185084' → '+91 98101 85084' (the web's
 * formatPhone does the same); anything that does not parse stays as it is.
 */
export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_REGION);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}
