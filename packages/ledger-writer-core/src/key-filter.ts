/**
 * A Bloom filter over command keys: "certainly never seen" or "maybe seen". The writer keeps every
 * key it knows in it (those of the command-outcome projection at load, and every key it decides
 * after), so a fresh key, which is nearly every key, needs no lookup in the projection at all; a
 * "maybe" is looked up as before. A false positive costs a lookup; there are no false negatives,
 * so a stale retry is always found (docs/adr/0010 §3).
 *
 * It grows by layers (each twice the capacity of the one before), so it never has to be rebuilt
 * from the keys and its false-positive rate stays near `falsePositiveRate` per layer.
 */
export class KeyFilter {
  #layers: BloomLayer[] = [];
  #capacityFirst: number;
  #size = 0;

  constructor(options: { capacity?: number } = {}) {
    this.#capacityFirst = Math.max(1_024, options.capacity ?? 1_048_576);
  }

  /** Keys added (a key added twice counts twice). */
  get size(): number {
    return this.#size;
  }

  add(key: string): void {
    this.addHashed(keyHashOf(key));
  }

  mightContain(key: string): boolean {
    return this.mightContainHashed(keyHashOf(key));
  }

  /** `add` with the key's hashes computed once by `keyHashOf` (the writer asks twice per key). */
  addHashed(hash: KeyHash): void {
    let layer = this.#layers.at(-1);
    if (layer === undefined || layer.count >= layer.capacity) {
      const capacity = this.#capacityFirst * 2 ** this.#layers.length;
      layer = new BloomLayer(capacity);
      this.#layers.push(layer);
    }
    layer.add(hash.first, hash.second);
    this.#size += 1;
  }

  mightContainHashed(hash: KeyHash): boolean {
    for (const layer of this.#layers) if (layer.has(hash.first, hash.second)) return true;
    return false;
  }
}

/** The two 32-bit hashes a key's probes are made of. */
export type KeyHash = { readonly first: number; readonly second: number };

// 24 bits and 16 probes per key: about 6 in a million false positives per full layer, so a batch
// of 512 fresh commands needs no lookup at all about 99 times in 100 (3 bytes of memory per key).
const bitsPerKey = 24;
const probes = 16;

class BloomLayer {
  readonly capacity: number;
  count = 0;
  #bits: Uint32Array;
  #mask: number;

  constructor(capacity: number) {
    this.capacity = capacity;
    // A power of two number of bits, so a probe is a mask, not a division.
    const bits = 2 ** Math.ceil(Math.log2(capacity * bitsPerKey));
    this.#bits = new Uint32Array(bits / 32);
    this.#mask = bits - 1;
  }

  add(first: number, second: number): void {
    for (let probe = 0; probe < probes; probe += 1) {
      const bit = (first + Math.imul(probe, second)) & this.#mask;
      this.#bits[bit >>> 5] = (this.#bits[bit >>> 5] as number) | (1 << (bit & 31));
    }
    this.count += 1;
  }

  has(first: number, second: number): boolean {
    for (let probe = 0; probe < probes; probe += 1) {
      const bit = (first + Math.imul(probe, second)) & this.#mask;
      if (((this.#bits[bit >>> 5] as number) & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

/** Two independent 32-bit hashes of the key's UTF-16 code units (FNV-1a, then a murmur3 mix). */
export function keyHashOf(key: string): KeyHash {
  let first = 0x811c9dc5;
  let second = 0x9747b28c;
  for (let index = 0; index < key.length; index += 1) {
    const unit = key.charCodeAt(index);
    first = Math.imul(first ^ unit, 0x01000193);
    second = Math.imul(second ^ unit, 0x5bd1e995);
    second ^= second >>> 15;
  }
  first = mix(first);
  // Odd, so the probes of one key visit distinct bits.
  second = mix(second ^ first) | 1;
  return { first: first >>> 0, second: second >>> 0 };
}

function mix(value: number): number {
  let hash = value ^ (value >>> 16);
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}
