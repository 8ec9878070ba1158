/**
 * A small seeded pseudo-random generator (mulberry32) for property tests: the same seed gives the
 * same sequence on every machine, so a failure replays from the seed printed with it. Tests never
 * use Math.random.
 */
export type SeededRandom = {
  /** The next unsigned 32-bit integer. */
  next(): number;
  /** An integer in min..max inclusive (max - min below 2^32). */
  integer(min: number, max: number): number;
  /** A non-negative bigint with 1..digitsMax decimal digits, no leading zero. */
  bigint(digitsMax: number): bigint;
  /** One element of a non-empty list. */
  pick<Item>(items: readonly Item[]): Item;
  /** True with probability `percent` / 100. */
  chance(percent: number): boolean;
};

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return (mixed ^ (mixed >>> 14)) >>> 0;
  };
  const integer = (min: number, max: number): number => min + (next() % (max - min + 1));
  return {
    next,
    integer,
    bigint(digitsMax) {
      const digitCount = integer(1, digitsMax);
      let digits = String(integer(digitCount === 1 ? 0 : 1, 9));
      for (let index = 1; index < digitCount; index += 1) {
        digits += String(integer(0, 9));
      }
      return BigInt(digits);
    },
    pick(items) {
      const item = items[integer(0, items.length - 1)];
      if (item === undefined) {
        throw new RangeError('pick needs a non-empty list');
      }
      return item;
    },
    chance(percent) {
      return integer(0, 99) < percent;
    },
  };
}
