/** Potential values, best first (spec §3); sorting follows this order, unknown values last. */
export const POTENTIALS = [
  'VIP',
  'HOT',
  'WARM',
  'COLD',
  'N/I BUT FUTURE POTENTIAL',
  'N/A',
] as const;

/** Categories offered before any customer has one (spec §3). */
export const DEFAULT_CATEGORIES = [
  'PHE',
  'PP',
  'SS PUMP',
  'PASTEURIZER',
  'SS TANK',
  'PROJECTS',
  'Miscellaneous',
] as const;

/** Filter debounce (spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;

export type PotentialTone = 'success' | 'brand' | 'gray';

/** Badge tone (spec §9): VIP/HOT success, WARM brand, others gray. */
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
