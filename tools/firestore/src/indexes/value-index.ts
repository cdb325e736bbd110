import { getField } from '../model/field-paths.ts';

import type { StoredDoc, Value } from '../model/types.ts';
import { identicalValues, kindOf, valueKey } from '../model/values.ts';

/**
 * Where a document is stored: the same slot holds each of its versions in turn, so a write that
 * leaves the indexed field alone leaves the index alone.
 */
export interface DocSlot {
  readonly doc: StoredDoc | undefined;
}

/** What a query reads of a value index: the documents having one of some values. */
export interface ValueLookup {
  /** How many documents have one of `values` (a document may count once for each). */
  count(values: readonly Value[]): number;
  /** The documents having one of `values`, each once. */
  docs(values: readonly Value[]): Set<StoredDoc>;
  /** The slots having one of `values`, each once. */
  slots(values: readonly Value[]): Iterable<DocSlot>;
  /** Whether the slot has one of `values`. */
  holds(slot: DocSlot, values: readonly Value[]): boolean;
}

/**
 * The slots holding one value. Most values are held by one document or a few: a Set costs
 * several times what a short list does, so only long postings are Sets.
 */
type Posting = DocSlot | DocSlot[] | Set<DocSlot>;
const MAX_LIST = 8;

function sizeOf(posting: Posting): number {
  if (Array.isArray(posting)) return posting.length;
  return posting instanceof Set ? posting.size : 1;
}

/**
 * What one index may hold, in (value, document) pairs: about 0.6 GB, and below the 2^24 keys a
 * Map holds. The app's customers carry ~107 search keys each, so 100,000 fit; its entries (~170
 * each, 500,000) do not: for them the values queries asked for are kept (AskedValuesIndex).
 */
const MAX_POSTINGS = 16_000_000;
/** After this many documents a build judges whether the whole collection can fit. */
const SAMPLE_SLOTS = 1000;

/**
 * One collection's documents by the values they hold at one field path — what the real
 * Firestore keeps as a single-field index — so a query with an `array-contains`, `==` or `in`
 * filter reads the documents having its values instead of the collection. An array field is
 * indexed by each element, any other field by its value; values are named by valueKey, so
 * they meet as query equality has them meet (int 1 and double 1.0 are one value). Built when
 * first asked for, in slices (`build`) while queries go on without it, then kept up to date
 * write by write. During the build, a write to a document the build has not read yet is left to
 * the build, which reads the document as it is then; every other write is applied at once.
 */
export class ValueIndex implements ValueLookup {
  private readonly postingsByValue = new ValueMap<Posting>();
  private postings = 0;
  /** The build stopped early: the collection's values would not fit. */
  private outgrown = false;
  /** The slots the build reads, in turn (undefined once built). */
  private toRead: DocSlot[] | undefined;
  /** Those of them not read yet: a write to one of these is left to the build. */
  private readonly pending: Set<DocSlot>;
  private read = 0;

  /** An index of the documents of `slots`, which number `slotCount`, to build (`build`). */
  constructor(
    private readonly path: readonly string[],
    slots: Iterable<DocSlot>,
    private readonly slotCount: number,
    private readonly maxPostings = MAX_POSTINGS,
  ) {
    this.toRead = [...slots];
    this.pending = new Set(this.toRead);
  }

  /** Whether the build has read every document: only then does the index answer. */
  get ready(): boolean {
    return this.toRead === undefined;
  }

  /** Reads up to `count` more documents into the index; true once it is built (or full). */
  build(count = Infinity): boolean {
    const slots = this.toRead;
    if (!slots) return true;
    const end = Math.min(slots.length, this.read + count);
    for (; this.read < end; this.read++) {
      const slot = slots[this.read];
      this.pending.delete(slot);
      if (slot.doc) this.add(slot, this.valueOf(slot.doc));
      // Twice the bound by the first documents' measure: stop now rather than at the bound.
      if (
        this.read + 1 === SAMPLE_SLOTS &&
        this.postings * this.slotCount > 2 * this.maxPostings * SAMPLE_SLOTS
      ) {
        this.outgrown = true;
      }
      if (this.full) break;
    }
    if (this.read < slots.length && !this.full) return false;
    this.toRead = undefined;
    this.pending.clear();
    return true;
  }

  /** True once the index holds more than it may: it must be dropped (it is then incomplete). */
  get full(): boolean {
    return this.outgrown || this.postings > this.maxPostings;
  }

  /** How many documents have one of `values` (a document may count once for each). */
  count(values: readonly Value[]): number {
    let n = 0;
    for (const v of values) {
      const posting = this.posting(v);
      if (posting) n += sizeOf(posting);
    }
    return n;
  }

  /** The documents having one of `values`, each once. */
  docs(values: readonly Value[]): Set<StoredDoc> {
    const found = new Set<StoredDoc>();
    const take = (slot: DocSlot) => {
      if (slot.doc) found.add(slot.doc);
    };
    for (const v of values) {
      const posting = this.posting(v);
      if (Array.isArray(posting) || posting instanceof Set) posting.forEach(take);
      else if (posting) take(posting);
    }
    return found;
  }

  /** The slots having one of `values`, each once. */
  slots(values: readonly Value[]): Iterable<DocSlot> {
    if (values.length === 1) return postingSlots(this.posting(values[0]));
    const found = new Set<DocSlot>();
    for (const v of values) for (const slot of postingSlots(this.posting(v))) found.add(slot);
    return found;
  }

  /** Whether the slot has one of `values`. */
  holds(slot: DocSlot, values: readonly Value[]): boolean {
    return values.some((v) => {
      const posting = this.posting(v);
      if (Array.isArray(posting)) return posting.includes(slot);
      return posting instanceof Set ? posting.has(slot) : posting === slot;
    });
  }

  /**
   * Takes a write to `slot` into account: the values of `before` leave, those of `after` join.
   * Called before the slot holds `after`.
   */
  replace(slot: DocSlot, before: StoredDoc | undefined, after: StoredDoc | undefined): void {
    // Not read by the build yet: it will read the version the slot holds then.
    if (this.pending.has(slot)) return;
    const old = before && this.valueOf(before);
    const now = after && this.valueOf(after);
    // Unwritten fields are shared by the versions: no need to compare them.
    if (old === now || (old && now && identicalValues(old, now))) return;
    if (old) this.remove(slot, old);
    if (now) this.add(slot, now);
  }

  private add(slot: DocSlot, value: Value | undefined): void {
    const map = this.postingsByValue;
    for (const v of elementsOf(value)) {
      const posting = map.get(v);
      if (posting === undefined) map.set(v, slot);
      else if (Array.isArray(posting)) {
        if (posting.includes(slot)) continue; // a repeated element
        if (posting.length < MAX_LIST) posting.push(slot);
        else map.set(v, new Set([...posting, slot]));
      } else if (posting instanceof Set) {
        if (posting.has(slot)) continue;
        posting.add(slot);
      } else if (posting === slot) continue;
      else map.set(v, [posting, slot]);
      this.postings++;
    }
  }

  private remove(slot: DocSlot, value: Value | undefined): void {
    const map = this.postingsByValue;
    for (const v of elementsOf(value)) {
      const posting = map.get(v);
      if (posting === slot) map.delete(v);
      else if (Array.isArray(posting)) {
        const i = posting.indexOf(slot);
        if (i < 0) continue; // a repeated element, already out
        if (posting.length === 2) map.set(v, posting[1 - i]);
        else posting.splice(i, 1);
      } else if (posting instanceof Set) {
        if (!posting.delete(slot)) continue;
        if (posting.size === MAX_LIST / 2) map.set(v, [...posting]);
      } else continue;
      this.postings--;
    }
  }

  private valueOf(doc: StoredDoc): Value | undefined {
    return getField(doc.fields, this.path);
  }

  private posting(v: Value): Posting | undefined {
    return this.postingsByValue.get(v);
  }
}

/**
 * A map keyed by values as query equality meets them: strings by the string itself (the common
 * case: no key to build), every other value by its valueKey.
 */
export class ValueMap<T> {
  private readonly strings = new Map<string, T>();
  private readonly others = new Map<string, T>();

  get(v: Value): T | undefined {
    return kindOf(v) === 'stringValue'
      ? this.strings.get(v.stringValue ?? '')
      : this.others.get(valueKey(v));
  }

  set(v: Value, t: T): void {
    if (kindOf(v) === 'stringValue') this.strings.set(v.stringValue ?? '', t);
    else this.others.set(valueKey(v), t);
  }

  delete(v: Value): void {
    if (kindOf(v) === 'stringValue') this.strings.delete(v.stringValue ?? '');
    else this.others.delete(valueKey(v));
  }
}

function postingSlots(posting: Posting | undefined): Iterable<DocSlot> {
  if (posting === undefined) return [];
  return Array.isArray(posting) || posting instanceof Set ? posting : [posting];
}

/** The values a field is indexed by: an array's elements, or the field's value. */
export function elementsOf(value: Value | undefined): readonly Value[] {
  if (value === undefined) return [];
  return kindOf(value) === 'arrayValue' ? (value.arrayValue?.values ?? []) : [value];
}
