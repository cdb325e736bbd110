import { getField } from '../model/field-paths.ts';
import type { StoredDoc, Value } from '../model/types.ts';
import { valueKey } from '../model/values.ts';

/**
 * What a kept answer depends on: the documents its query's test passes. A write can change the
 * answer only when the document's version before it or after it passes that test (a page's
 * documents all pass it, and a new match may enter the page or the count), so any other write
 * leaves the answer as it is.
 */
export interface AnswerScope {
  /** The query's whole test of one document (its filter, and its ordered fields present). */
  matches(doc: StoredDoc): boolean;
  /**
   * Filters every match passes by holding one of `values` at `path`; with `heldAs` set, those
   * values meet as their valueKey does, so a quick look at the document's keys there rules
   * out most documents before the whole test (a customer's hundred search keys compared
   * against each kept search).
   */
  lookups: readonly { path: readonly string[]; values: readonly Value[]; heldAs?: unknown }[];
}

/**
 * The key of a kept answer: the request's query (and aggregations) as JSON, where a double that
 * JSON cannot write (NaN, the infinities, -0: JSON writes the first three as null and -0 as 0)
 * is written as its name, so two different queries never share a key.
 */
export function answerKey(request: unknown): string {
  return JSON.stringify(request, (_, v: unknown) =>
    typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))
      ? { double: String(Object.is(v, -0) ? '-0' : v) }
      : v,
  );
}

interface Kept<T> {
  answer: T;
  matches: (doc: StoredDoc) => boolean;
  /** The quick tests: a match holds one of `keys` at `path` (as its value or an element). */
  quick: { path: readonly string[]; signature: string; keys: Set<string> }[];
}

/** The valueKeys a document holds at a path, each computed once per written version. */
class HeldKeys {
  private readonly byPath = new Map<string, Set<string>>();
  constructor(private readonly doc: StoredDoc) {}

  holdsOneOf(path: readonly string[], signature: string, keys: Set<string>): boolean {
    let held = this.byPath.get(signature);
    if (!held) {
      held = new Set();
      const value = getField(this.doc.fields, path);
      if (value?.arrayValue) for (const e of value.arrayValue.values ?? []) held.add(valueKey(e));
      else if (value) held.add(valueKey(value));
      this.byPath.set(signature, held);
    }
    for (const key of keys) if (held.has(key)) return true;
    return false;
  }
}

/**
 * A collection's answers to queries asked again (a team's searches, a list's first page, a
 * search's count), kept until a write that can change them, at most `max`, the least recently
 * used leaving first. Their documents are the stored versions (a write to any of them drops the
 * answer), so an answer is never older than the collection's data.
 */
export class KeptAnswers<T> {
  private readonly kept = new Map<string, Kept<T>>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.kept.size;
  }

  get(key: string): T | undefined {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept.answer;
  }

  set(key: string, answer: T, scope: AnswerScope): void {
    const quick = scope.lookups
      .filter((l) => l.heldAs !== undefined)
      .map((l) => ({
        path: l.path,
        signature: JSON.stringify(l.path),
        keys: new Set(l.values.map(valueKey)),
      }));
    this.kept.delete(key);
    this.kept.set(key, { answer, matches: scope.matches, quick });
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
  }

  /** A write replaced `before` with `after` (either may be absent): drops what it can change. */
  written(before: StoredDoc | undefined, after: StoredDoc | undefined): void {
    if (this.kept.size === 0) return;
    const versions = [before, after].flatMap((doc) =>
      doc ? [{ doc, held: new HeldKeys(doc) }] : [],
    );
    for (const [key, kept] of this.kept) {
      const touched = versions.some(
        ({ doc, held }) =>
          kept.quick.every((q) => held.holdsOneOf(q.path, q.signature, q.keys)) &&
          kept.matches(doc),
      );
      if (touched) this.kept.delete(key);
    }
  }
}
