import type { Value } from '../model/types.ts';
import type { DocSlot } from './value-index.ts';

/** A value being found, with the set its documents go in. */
export type Finding = [Value, Set<DocSlot>];

/** A pass looks at the clock after this many documents. */
const STEP = 256;

interface Asked {
  found: Finding[];
  /** Documents of the pass still to read for these values (the pass goes round to where it was). */
  left: number;
  done: () => void;
}

/**
 * Reads a collection in slices between other work for the values asked meanwhile: one pass
 * serves them all, each from where the pass was when it was asked, round to there (eight new
 * searches at once read the collection once, side by side they took eight times the thread).
 * The pass reads the slots the collection held when it began; a slot written since (a document
 * created, changed or deleted) is read again as it is when each value's round ends.
 */
export class RoundReader {
  private slots: DocSlot[] = [];
  private at = 0;
  private readonly asked: Asked[] = [];
  /** The slots written since the pass began; undefined between passes. */
  private written: Set<DocSlot> | undefined;

  constructor(
    private readonly collectionSlots: () => Iterable<DocSlot>,
    /** Adds each slot to the sets of the values its document holds. */
    private readonly read: (slots: Iterable<DocSlot>, found: Finding[]) => void,
    private readonly sliceMs: number,
  ) {}

  /** Finds the documents of `found`; `done` runs once they are all in, before any other write. */
  find(found: Finding[], done: () => void): void {
    if (!this.written) {
      this.written = new Set();
      this.slots = [...this.collectionSlots()];
      this.at = 0;
      setImmediate(this.slice);
    }
    this.asked.push({ found, left: this.slots.length, done });
  }

  /** Called for every write to the collection. */
  noteWrite(slot: DocSlot): void {
    this.written?.add(slot);
  }

  private readonly slice = () => {
    const started = performance.now();
    do {
      const end = Math.min(this.at + STEP, this.slots.length);
      this.read(
        this.slots.slice(this.at, end),
        this.asked.flatMap((a) => a.found),
      );
      const read = end - this.at;
      this.at = end === this.slots.length ? 0 : end;
      for (const asked of [...this.asked]) {
        asked.left -= read;
        if (asked.left <= 0) this.finish(asked);
      }
    } while (this.asked.length > 0 && performance.now() - started < this.sliceMs);
    if (this.asked.length > 0) setImmediate(this.slice);
    else {
      this.written = undefined;
      this.slots = [];
    }
  };

  private finish(asked: Asked): void {
    this.asked.splice(this.asked.indexOf(asked), 1);
    const written = this.written ?? new Set<DocSlot>();
    for (const slot of written) for (const [, posting] of asked.found) posting.delete(slot);
    this.read(written, asked.found);
    asked.done();
  }
}
