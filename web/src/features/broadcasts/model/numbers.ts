import { EXCLUSION_REASONS, type ExclusionReason } from '@contract/broadcasts';
import { formatINR, onFirstUse } from '../../../lib/format';

const counts = onFirstUse(() => new Intl.NumberFormat('en-IN'));

/** 12345 → '12,345' (Indian grouping). */
export const formatCount = (n: number) => counts().format(n);

/** Paise as rupees: 8631 → '₹86.31'. */
export const formatPaise = (paise: number) => formatINR(paise / 100);

const SHORT_REASON: Record<ExclusionReason, string> = {
  optedOut: 'opted out',
  noPhone: 'without a phone',
  duplicate: 'duplicate phone',
  notCustomer: 'not customers',
  invalid: 'not phone numbers',
  alreadyMessaged: 'already messaged',
};

/** The reasons some were excluded for, in the contract's order: '1 opted out, 2 without a phone'. */
export function excludedSummary(excluded: Record<ExclusionReason, number>): string {
  return (Object.keys(EXCLUSION_REASONS) as ExclusionReason[])
    .filter((reason) => excluded[reason] > 0)
    .map((reason) => `${formatCount(excluded[reason])} ${SHORT_REASON[reason]}`)
    .join(', ');
}
