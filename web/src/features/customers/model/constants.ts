// The server's lists, from its dependency-free contract folder.
import { DEFAULT_CATEGORIES, POTENTIALS } from '@contract/customers';

export { DEFAULT_CATEGORIES, POTENTIALS };

/** Filter debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

export type PotentialTone = 'success' | 'brand' | 'gray';

/** Badge tone: VIP/HOT success, WARM brand, others gray. */
export function potentialTone(potential: string): PotentialTone {
  const value = potential.trim().toUpperCase();
  if (value === 'VIP' || value === 'HOT') return 'success';
  if (value === 'WARM') return 'brand';
  return 'gray';
}

/** Position in the potential list; unknown and empty values rank last. */
export function potentialRank(potential: string): number {
  const index = (POTENTIALS as readonly string[]).indexOf(potential.trim().toUpperCase());
  return index === -1 ? POTENTIALS.length : index;
}
