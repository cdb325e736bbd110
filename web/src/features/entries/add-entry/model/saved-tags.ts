import { useCallback, useMemo } from 'react';
import { useStoredValue, writeStoredJson } from '../../../../lib/storage';
import { MAX_SAVED_TAGS } from './constants';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Trimmed, non-empty, without repeats (any case), first ones kept. */
export function uniqueTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const t = tag.trim();
    if (t && !out.some((kept) => same(kept, t))) out.push(t);
  }
  return out;
}

/** The tags just used first, then the saved ones, at most MAX_SAVED_TAGS. */
export function rememberTags(saved: readonly string[], used: readonly string[]): string[] {
  return uniqueTags([...used, ...saved]).slice(0, MAX_SAVED_TAGS);
}

function parseTags(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? uniqueTags(value.filter((v): v is string => typeof v === 'string'))
      : [];
  } catch {
    return [];
  }
}

/**
 * The saved tag suggestions (the "tag options": the same local list the Customers screen's
 * option manager edits) and a function that puts the tags of a saved entry first.
 */
export function useSavedTags() {
  const raw = useStoredValue('tagOptions');
  const saved = useMemo(() => parseTags(raw).slice(0, MAX_SAVED_TAGS), [raw]);
  const remember = useCallback(
    (used: readonly string[]) => {
      if (used.length > 0) writeStoredJson('tagOptions', rememberTags(saved, used));
    },
    [saved],
  );
  return { saved, remember };
}
