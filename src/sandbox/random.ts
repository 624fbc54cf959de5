/**
 * A small seeded pseudo-random generator (mulberry32), so the fixtures, the ids of created testimonials
 * and fault injection are the same for the same seed on every machine. Not for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Items picked by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4-shaped UUID. */
  uuid(): string;
}

export function createRandom(seed: number): Random {
  // Spread small seeds (1, 2, 3…) apart so neighbouring seeds give unrelated sequences.
  let state = (Math.imul(Math.trunc(seed) ^ 0x9e3779b9, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (!items.length) throw new Error('pick() from an empty list');
    return items[int(0, items.length - 1)]!;
  };
  const hex = (length: number): string => Array.from({ length }, () => int(0, 15).toString(16)).join('');
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted(entries) {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    sample(items, count) {
      const pool = [...items];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = int(0, i);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      return pool.slice(0, Math.min(count, pool.length));
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
  };
}
