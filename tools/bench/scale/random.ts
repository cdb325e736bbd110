/** A small deterministic generator (LCG), so the same sizes always give the same data. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  int(below: number): number;
  pick<T>(list: readonly T[]): T;
  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  chance(p: number): boolean;
}

export function random(seed: number): Random {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: (list) => list[int(list.length)],
    weighted(choices) {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, weight] of choices) {
        r -= weight;
        if (r < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
    chance: (p) => next() < p,
  };
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character id like Firestore's automatic ones. */
export function autoId(rnd: Random): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += ID_CHARS[rnd.int(ID_CHARS.length)];
  return id;
}
