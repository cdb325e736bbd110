import type { Value } from './types.ts';

/** FNV-1a over UTF-16 code units (for an ASCII string, its bytes): start, then a step per unit. */
export const HASH_START = 0x811c9dc5 | 0;
const HASH_PRIME = 16_777_619;
const RECENT_MASK = (1 << 15) - 1;

export function hashStep(hash: number, unit: number): number {
  return Math.imul(hash ^ unit, HASH_PRIME);
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * One Value per distinct string, shared by every document read with it. Stored values are
 * immutable (a write builds new ones), so sharing is safe, and it is what makes a large import
 * fit in memory: the app's documents carry search keys (an entry has ~170 array values) that
 * repeat across documents — the same customer's names and phones, the same word prefixes.
 *
 * An open-addressing table in typed arrays rather than a Map: an import looks up about 75
 * million strings (the large size), and a string of ASCII bytes is found from the bytes of its
 * line (`ofAscii`, the hash taken while the reader scanned it), so no string is made for the
 * values already held. A lookup is bound by memory, not by work (the table is hundreds of
 * megabytes, read at random), so what a probe reads is kept close together: each slot holds its
 * hash beside its entry, and the entries' ASCII bytes lie in one buffer in the order they came
 * (a customer's keys together, as its entries ask for them again), not in strings spread over
 * the heap. Found from a string (`ofString`) or from its bytes, a string is the same entry: an
 * ASCII string's bytes are its code units.
 */
export class SharedStrings {
  /** Per slot, its entry's hash and the entry's index plus one (0: empty). Half full at most. */
  private slots = new Int32Array(32);
  /** Per entry, where its bytes start in `bytes`, and how many (-1: not ASCII). */
  private starts = new Int32Array(8);
  private lengths = new Int32Array(8);
  private bytes = Buffer.allocUnsafe(256);
  private used = 0;
  private readonly values: Value[] = [];
  /**
   * The last entry found per hash bucket (hash, entry plus one), small enough to stay in the
   * CPU's cache: the strings most documents hold (common word prefixes, the employees' keys)
   * are found here without reading the large table at random.
   */
  private readonly recent = new Int32Array(2 * (RECENT_MASK + 1));

  get size(): number {
    return this.values.length;
  }

  ofString(s: string): Value {
    let hash = HASH_START;
    for (let i = 0; i < s.length; i++) hash = hashStep(hash, s.charCodeAt(i));
    const slots = this.slots;
    const mask = slots.length - 2;
    for (let slot = (hash << 1) & mask; ; slot = (slot + 2) & mask) {
      const entry = slots[slot + 1] - 1;
      if (entry < 0) return this.add(slot, hash, s, isAscii(s));
      if (slots[slot] === hash && this.values[entry].stringValue === s) return this.values[entry];
    }
  }

  /**
   * The string whose bytes are `bytes[start, end)`, all ASCII (the caller checked: no escape,
   * no byte over 0x7f), `hash` taken over them with hashStep from HASH_START.
   */
  ofAscii(bytes: Buffer, start: number, end: number, hash: number): Value {
    const recent = this.recent;
    const at = ((hash ^ (hash >>> 15)) & RECENT_MASK) << 1;
    const seen = recent[at + 1] - 1;
    if (seen >= 0 && recent[at] === hash && this.holds(seen, bytes, start, end))
      return this.values[seen];
    const slots = this.slots;
    const mask = slots.length - 2;
    for (let slot = (hash << 1) & mask; ; slot = (slot + 2) & mask) {
      let entry = slots[slot + 1] - 1;
      if (entry < 0) {
        entry = this.values.length;
        this.add(slot, hash, bytes.toString('latin1', start, end), true);
      } else if (slots[slot] !== hash || !this.holds(entry, bytes, start, end)) continue;
      recent[at] = hash;
      recent[at + 1] = entry + 1;
      return this.values[entry];
    }
  }

  /** Whether the entry's bytes are `bytes[start, end)`. */
  private holds(entry: number, bytes: Buffer, start: number, end: number): boolean {
    if (this.lengths[entry] !== end - start) return false;
    const held = this.bytes;
    for (let i = start, j = this.starts[entry]; i < end; i++, j++)
      if (held[j] !== bytes[i]) return false;
    return true;
  }

  private add(slot: number, hash: number, s: string, ascii: boolean): Value {
    const value: Value = { stringValue: s, valueType: 'stringValue' };
    const entry = this.values.length;
    this.values.push(value);
    if (entry === this.starts.length) {
      this.starts = grown(this.starts);
      this.lengths = grown(this.lengths);
    }
    if (ascii) {
      if (this.used + s.length > this.bytes.length) {
        const bytes = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + s.length));
        this.bytes.copy(bytes, 0, 0, this.used);
        this.bytes = bytes;
      }
      this.starts[entry] = this.used;
      this.lengths[entry] = s.length;
      this.used += this.bytes.write(s, this.used, 'latin1');
    } else this.lengths[entry] = -1;
    this.slots[slot] = hash;
    this.slots[slot + 1] = entry + 1;
    if (this.values.length * 4 > this.slots.length) this.grow();
    return value;
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = slots.length - 2;
    for (let from = 0; from < old.length; from += 2) {
      if (old[from + 1] === 0) continue;
      let slot = (old[from] << 1) & mask;
      while (slots[slot + 1] !== 0) slot = (slot + 2) & mask;
      slots[slot] = old[from];
      slots[slot + 1] = old[from + 1];
    }
    this.slots = slots;
  }
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}
