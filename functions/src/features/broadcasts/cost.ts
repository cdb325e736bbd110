// The cost estimate shown before a broadcast goes: Meta charges per delivered template message by
// category (India rates in settings, paise per 100 messages), so each recipient counts once at
// the template's category price; rounded up to whole paise.
import type { BroadcastSettings } from '../../domain/settings/store';

export type TemplateCategory = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';

export function estimatedCost(
  recipients: number,
  category: string,
  prices: BroadcastSettings['templatePrices'],
): number {
  const per100 =
    category === 'UTILITY'
      ? prices.utility
      : category === 'AUTHENTICATION'
        ? prices.authentication
        : prices.marketing;
  return Math.ceil((recipients * per100) / 100);
}
