import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** India, as the server's normalising assumes for numbers written without a country code. */
const DEFAULT_REGION = 'IN';

/**
 * A stored E.164 number as people write it: '+919810245489' → '+91 98102 45489'. Anything that
 * does not parse is shown as it is.
 */
export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_REGION);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/** The digits wa.me wants: '+919810245489' → '919810245489'. */
export const whatsAppDigits = (value: string): string => value.replace(/\D/g, '');
