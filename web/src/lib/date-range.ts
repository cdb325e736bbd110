/**
 * A From–To pair of 'YYYY-MM-DD' days where To comes before From: it matches nothing, and the
 * server refuses it with a 400, so lists answer "none" at once and say why under the dates.
 */
export const isDateRangeReversed = (from: string, to: string): boolean =>
  Boolean(from && to && from > to);
