// Quote numbers: a prefix from settings, the Indian financial year (April to March) of the day
// the quote is made, and a sequence within both: Q/2026-27/0001; a revision adds -R1, -R2….

/** '2026-27' for any day from 1 April 2026 to 31 March 2027 (a YYYY-MM-DD date). */
export function financialYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The counter document of a prefix's year ('Q_2026-27'). */
export const seriesId = (prefix: string, year: string): string => `${prefix}_${year}`;

export const quoteNumber = (prefix: string, year: string, sequence: number): string =>
  `${prefix}/${year}/${String(sequence).padStart(4, '0')}`;

export const revisionNumber = (baseNumber: string, revision: number): string =>
  `${baseNumber}-R${revision}`;
