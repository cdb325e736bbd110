// The entry amount (INR) as typed on the Add Entry and Edit Entry forms.

export const AMOUNT_MESSAGE = 'Amount should be a positive number';

/** The amount, if filled, is a number and not negative; else the message. */
export function amountError(amount: string): string | null {
  const text = amount.trim();
  if (!text) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? null : AMOUNT_MESSAGE;
}

/** A valid typed amount as the API takes it; undefined when left empty. */
export function amountValue(amount: string): number | undefined {
  const text = amount.trim();
  return text ? Number(text) : undefined;
}
