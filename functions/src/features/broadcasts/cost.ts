// What template messages cost: Meta charges per delivered template message by category (India
// rates in settings, paise per 100 messages), rounded up to whole paise. The estimate before a
// broadcast goes counts each recipient once; the report counts the messages delivered.
import type { BroadcastSettings } from '../../domain/settings/store';

export type TemplateCategory = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';

export function templateCost(
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
