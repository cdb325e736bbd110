import { getField } from '../model/field-paths.ts';

import type { StoredDoc, Value } from '../model/types.ts';
import { RoundReader, type Finding } from './round-reader.ts';
import { elementsOf, ValueMap, type DocSlot, type ValueLookup } from './value-index.ts';

/** The values one index keeps the documents of; the least recently asked leave first. */
const MAX_VALUES = 256;
/** And the (value, document) pairs it holds at most: about 160 MB of Sets. */
const MAX_POSTINGS = 4_000_000;
/** A read in slices (askInSlices) takes the thread this long a turn of the event loop. */
const SLICE_MS = 20;

/**
 * For a field whose whole value index would not fit (the app's entries carry ~170 search keys
 * each: 5,00,000 entries make 85 million pairs): the documents holding each value that queries
 * asked for, which is all a query reads of Firestore's single-field index. The first query that
 * asks for values not held yet reads the collection once for all of them, as the query would
 * have read it anyway; from then on each write keeps them up to date, so the next searches for
 * the same words (a team searching the same names all day) read only their documents.
 */
export class AskedValuesIndex implements ValueLookup {
  private readonly postings = new ValueMap<Set<DocSlot>>();
  /** The held postings, least recently asked first, with the value each holds. */
  private readonly recent = new Map<Set<DocSlot>, Value>();
  private held = 0;
  /** Reads the collection in slices for the values askInSlices asks. */
  private readonly reader: RoundReader;
  /** The values it is finding, with the promise of each one's end. */
  private readonly finding = new ValueMap<Promise<void>>();

  constructor(
    private readonly path: readonly string[],
    /** The collection's slots, read when values are asked for the first time. */
    private readonly collectionSlots: () => Iterable<DocSlot>,
    private readonly bounds = { values: MAX_VALUES, postings: MAX_POSTINGS, sliceMs: SLICE_MS },
    /** Told when it holds values it did not (the journal keeps what a restart finds again). */
    private readonly onHeld: () => void = () => {},
  ) {
    this.reader = new RoundReader(
      collectionSlots,
      (slots, found) => this.read(slots, found),
      bounds.sliceMs,
    );
  }

  /** Makes the index hold `values`: those it does not hold yet are found in one read. */
  ask(values: readonly Value[]): void {
    const found = this.notHeld(values);
    if (found.length === 0) return;
    this.read(this.collectionSlots(), found);
    this.hold(found, values.length);
  }

  /**
   * As `ask`, the collection read in slices of about `sliceMs` between other work (one pass for
   * every value asked meanwhile: RoundReader), so a new search on a large collection does not
   * hold every other call for the seconds its read takes. Values another call's read is finding
   * are waited for, not read twice (a team searching the same name at once).
   */
  async askInSlices(values: readonly Value[]): Promise<void> {
    const others: Promise<void>[] = [];
    const found = this.notHeld(values).filter(([v]) => {
      const finding = this.finding.get(v);
      if (finding) others.push(finding);
      return !finding;
    });
    if (found.length > 0) {
      const read = new Promise<void>((resolve) =>
        this.reader.find(found, () => {
          for (const [v] of found) this.finding.delete(v);
          this.hold(found, found.length);
          resolve();
        }),
      );
      for (const [v] of found) this.finding.set(v, read);
      others.push(read);
    }
    await Promise.all(others);
    // Held now, unless evicted at once by a flood of other values: then read here and now.
    this.ask(values);
  }

  /** The values it holds the documents of, least recently asked first. */
  heldValues(): Value[] {
    return [...this.recent.values()];
  }

  /** How many documents have one of `values` (a document may count once for each). */
  count(values: readonly Value[]): number {
    let n = 0;
    for (const v of values) n += this.postings.get(v)?.size ?? 0;
    return n;
  }

  /** The documents having one of `values`, each once. */
  docs(values: readonly Value[]): Set<StoredDoc> {
    const found = new Set<StoredDoc>();
    for (const slot of this.slots(values)) if (slot.doc) found.add(slot.doc);
    return found;
  }

  /** The slots having one of `values`, each once. */
  slots(values: readonly Value[]): Set<DocSlot> {
    const found = new Set<DocSlot>();
    for (const v of values) this.postings.get(v)?.forEach((slot) => found.add(slot));
    return found;
  }

  /** Whether the slot has one of `values`. */
  holds(slot: DocSlot, values: readonly Value[]): boolean {
    return values.some((v) => this.postings.get(v)?.has(slot) ?? false);
  }

  /** Takes a write to `slot` into account; called before the slot holds `after`. */
  replace(slot: DocSlot, before: StoredDoc | undefined, after: StoredDoc | undefined): void {
    this.reader.noteWrite(slot);
    const old = this.valueOf(before);
    const now = this.valueOf(after);
    // Unwritten fields are shared by the versions: nothing to do.
    if (old === now) return;
    for (const v of elementsOf(old)) {
      if (this.postings.get(v)?.delete(slot)) this.held--;
    }
    for (const v of elementsOf(now)) {
      const posting = this.postings.get(v);
      if (posting && !posting.has(slot)) {
        posting.add(slot);
        this.held++;
      }
    }
  }

  /** Drops the least recently asked values past the bounds, never the `keep` latest asked. */
  private evict(keep: number): void {
    for (const [posting, v] of this.recent) {
      const over = this.recent.size > this.bounds.values || this.held > this.bounds.postings;
      if (!over || this.recent.size <= keep) return;
      this.recent.delete(posting);
      this.postings.delete(v);
      this.held -= posting.size;
    }
  }

  /** The values not held, each with an empty set to find its documents in; held ones touched. */
  private notHeld(values: readonly Value[]): Finding[] {
    const seen = new ValueMap<true>();
    const found: Finding[] = [];
    for (const v of values) {
      const posting = this.postings.get(v);
      if (posting) {
        this.recent.delete(posting);
        this.recent.set(posting, v);
      } else if (!seen.get(v)) {
        seen.set(v, true);
        found.push([v, new Set()]);
      }
    }
    return found;
  }

  /** Adds each slot of `slots` to the sets of the values it holds. */
  private read(slots: Iterable<DocSlot>, found: Finding[]): void {
    const wanted = new ValueMap<Set<DocSlot>>();
    for (const [v, posting] of found) wanted.set(v, posting);
    for (const slot of slots) {
      for (const element of elementsOf(this.valueOf(slot.doc))) wanted.get(element)?.add(slot);
    }
  }

  /** Holds the found values (one asked meanwhile by another call is held already). */
  private hold(found: Finding[], keep: number): void {
    let added = false;
    for (const [v, posting] of found) {
      if (this.postings.get(v)) continue;
      this.postings.set(v, posting);
      this.recent.set(posting, v);
      this.held += posting.size;
      added = true;
    }
    this.evict(keep);
    if (added) this.onHeld();
  }

  private valueOf(doc: StoredDoc | undefined): Value | undefined {
    return doc && getField(doc.fields, this.path);
  }
}
