import { useCallback, useMemo } from 'react';
import { useStoredValue, writeStoredJson } from '../../../lib/storage';
import type { StorageKey } from '../../../lib/storage';
import { DEFAULT_CATEGORIES, POTENTIALS } from './constants';

/**
 * The local-only option lists of the Customers screens: kept in this browser's
 * storage, never sent to the server. Which key holds which list, and its first values.
 */
export const OPTION_LISTS = {
  categories: { key: 'customerTags', label: 'Categories', defaults: DEFAULT_CATEGORIES },
  tags: { key: 'tagOptions', label: 'Tags', defaults: [] },
  potential: { key: 'potentialOptions', label: 'Potential', defaults: POTENTIALS },
} as const satisfies Record<
  string,
  { key: StorageKey; label: string; defaults: readonly string[] }
>;

export type OptionListName = keyof typeof OPTION_LISTS;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Adds a trimmed, non-empty value that is not there yet (compared case-insensitively). */
export function addOption(list: readonly string[], value: string): string[] {
  const v = value.trim();
  return !v || list.some((item) => same(item, v)) ? [...list] : [...list, v];
}

/** Renames in place; ignored when the new value is empty, unchanged or already listed. */
export function renameOption(list: readonly string[], from: string, to: string): string[] {
  const v = to.trim();
  if (!v || v === from || list.some((item) => item !== from && same(item, v))) return [...list];
  return list.map((item) => (item === from ? v : item));
}

export function removeOption(list: readonly string[], value: string): string[] {
  return list.filter((item) => item !== value);
}

function parseList(raw: string | null, defaults: readonly string[]): string[] {
  if (raw === null) return [...defaults];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      : [...defaults];
  } catch {
    return [...defaults];
  }
}

/** One stored option list and a setter that writes it back (and re-renders every reader). */
export function useOptionList(name: OptionListName) {
  const { key, defaults } = OPTION_LISTS[name];
  const raw = useStoredValue(key);
  const options = useMemo(() => parseList(raw, defaults), [raw, defaults]);
  const setOptions = useCallback((next: string[]) => writeStoredJson(key, next), [key]);
  return [options, setOptions] as const;
}

/** A stored list plus values found on customers, without repeats, in that order. */
export function withFound(options: readonly string[], found: Iterable<string>): string[] {
  let list = [...options];
  for (const value of found) list = addOption(list, value);
  return list;
}
