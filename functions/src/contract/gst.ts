// India's GST identifiers shared by the server and the web app: the state codes (the first two
// digits of a GSTIN, and the place of supply), the GST rates a product may carry, and the GSTIN
// check. Like everything in contract/, plain TypeScript without imports.

/** GST state and union territory codes, as the GST portal numbers them. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** '27-Maharashtra', as invoices print a place of supply; '' for no state. */
export function stateLabel(code: string): string {
  const name = GST_STATES[code];
  return name ? `${code}-${name}` : '';
}

/** A state's code from its code ('27', '27-Maharashtra') or its name in any case; null if none. */
export function stateCode(text: string): string | null {
  const value = text.trim();
  const code = /^(\d{2})\b/.exec(value)?.[1];
  if (code) return GST_STATES[code] ? code : null;
  const lower = value.toLowerCase();
  const found = Object.entries(GST_STATES).find(([, name]) => name.toLowerCase() === lower);
  return found ? found[0] : null;
}

/** The GST rates (per cent) a product or a line may carry. */
export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28] as const;

export const isGstRate = (rate: number): boolean => (GST_RATES as readonly number[]).includes(rate);

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters (GSTN's base-36 Luhn variant). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

/**
 * Why a GSTIN (already trimmed and upper-cased) is not one, or null when it is: 15 characters,
 * a state code, a PAN (5 letters, 4 digits, a letter), an entity number, 'Z', the check character.
 */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return 'A GSTIN has 15 characters';
  if (!GST_STATES[gstin.slice(0, 2)]) return 'A GSTIN starts with a state code (01 to 38)';
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(gstin.slice(2, 12)))
    return 'Characters 3 to 12 of a GSTIN are a PAN (like ABCDE1234F)';
  if (!/^[1-9A-Z]Z[0-9A-Z]$/.test(gstin.slice(12)))
    return 'A GSTIN ends with an entity number, Z and a check character';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14])
    return 'The GSTIN check character does not match: check for a typing mistake';
  return null;
}
