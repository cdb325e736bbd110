// Which channels a new entry starts with: what this person chose on their last entry, else on
// for every channel the customer has an address for. WhatsApp starts off for a customer who
// opted out of it.
import { readStoredJson, writeStoredJson } from '../../../../lib/storage';
import type { EntryCustomer } from '../../../../resources/entries';
import { firstEmail, firstPhone } from '../../model/shared/recipients';

export type ChannelChoice = { whatsapp: boolean; email: boolean };

function lastChoice(): ChannelChoice | null {
  const stored = readStoredJson<unknown>('entryChannels', null);
  if (!stored || typeof stored !== 'object') return null;
  const { whatsapp, email } = stored as Record<string, unknown>;
  return typeof whatsapp === 'boolean' && typeof email === 'boolean' ? { whatsapp, email } : null;
}

export function defaultChannels(customer: EntryCustomer, optedOut: boolean): ChannelChoice {
  const last = lastChoice();
  return {
    whatsapp: !optedOut && firstPhone(customer) !== '' && (last?.whatsapp ?? true),
    email: firstEmail(customer) !== '' && (last?.email ?? true),
  };
}

/**
 * Keeps this entry's choice for the next one: of the channels the customer could get (`usable`);
 * a channel they had no address for keeps the choice made before.
 */
export function rememberChannels(choice: ChannelChoice, usable: ChannelChoice): void {
  const before = lastChoice() ?? { whatsapp: true, email: true };
  writeStoredJson('entryChannels', {
    whatsapp: usable.whatsapp ? choice.whatsapp : before.whatsapp,
    email: usable.email ? choice.email : before.email,
  });
}
