// A total in words as Indian quotations print it: "Rupees Four Lakh Eighty-Five Thousand and
// Seventy-Five Paise Only". The numbers in words come from to-words (en-IN: lakh and crore);
// this only frames them and hyphenates the tens ("Eighty-Five"), as written English does.
import { ToWords } from 'to-words';

const toWords = new ToWords({ localeCode: 'en-IN' });

const TENS = 'Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety';
const UNITS = 'One|Two|Three|Four|Five|Six|Seven|Eight|Nine';
const TENS_AND_UNITS = new RegExp(`\\b(${TENS}) (${UNITS})\\b`, 'g');

const words = (n: number) => toWords.convert(n).replace(TENS_AND_UNITS, '$1-$2');

/** An amount in paise in words, in rupees and paise. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const parts: string[] = [];
  if (rupees > 0 || rest === 0) parts.push(`Rupees ${words(rupees)}`);
  if (rest > 0) parts.push(`${words(rest)} Paise`);
  return `${parts.join(' and ')} Only`;
}
