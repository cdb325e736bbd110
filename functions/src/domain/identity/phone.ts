import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** India unless the number says otherwise (+CC). */
export const DEFAULT_PHONE_REGION = 'IN';

/** The number in E.164 (+919876543210), or undefined when it is not a valid phone number. */
export function toE164(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), DEFAULT_PHONE_REGION);
  return parsed?.isValid() ? parsed.number : undefined;
}
