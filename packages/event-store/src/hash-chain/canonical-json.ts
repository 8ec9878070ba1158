/**
 * RFC 8785 (JSON Canonicalization Scheme) serialization of a JavaScript value, the input of every
 * event's content hash. What JSON.stringify would drop (undefined, functions, symbols as object
 * members) is dropped here too and `toJSON` is honoured, so the stored JSON and the hashed JSON
 * describe the same value. Anything JSON cannot carry faithfully is refused.
 */

export type CanonicalJsonErrorCode =
  | 'non_finite_number'
  | 'bigint'
  | 'lone_surrogate'
  | 'unsupported_value'
  | 'circular';

export class CanonicalJsonError extends Error {
  readonly code: CanonicalJsonErrorCode;
  constructor(code: CanonicalJsonErrorCode, message: string) {
    super(message);
    this.name = 'CanonicalJsonError';
    this.code = code;
  }
}

// With the `u` flag a well-formed surrogate pair is one code point, so only lone halves match.
const loneSurrogate = /\p{Cs}/u;
// Without it, any surrogate code unit matches: a cheap first test, since most strings have none.
const anySurrogate = /[\ud800-\udfff]/;
// Payloads repeat the same member names; their serialized form is computed once.
const quotedKeys = new Map<string, string>();
const quotedKeysMax = 10_000;

/** The canonical JSON text of `value`; throws CanonicalJsonError for what I-JSON cannot carry. */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'object' && value !== null && isStringifyCanonical(value, 0)) {
    // JSON.stringify writes lone surrogates (and control characters) as \u escapes: such text
    // goes the long way, which refuses the former and writes the latter the same.
    const text = JSON.stringify(value);
    if (!text.includes('\\u')) return text;
  }
  const text = serialize(value, new Set());
  if (text === undefined) {
    throw new CanonicalJsonError('unsupported_value', `${typeof value} is not JSON`);
  }
  return text;
}

/**
 * True when JSON.stringify writes exactly the RFC 8785 text of `value` (short of string escapes,
 * checked on its output): plain objects and arrays only (no toJSON, no boxed values), every
 * object's keys already in code-unit order (insertion order; none that looks like an array index,
 * which property order puts first), finite numbers, no bigint. Values built with their members in
 * sorted order (the ledger's events and metadata) take this path; anything else the walk below.
 * Depth is bounded: a circular structure goes the long way, which names it.
 */
function isStringifyCanonical(value: object, depth: number): boolean {
  if (depth > 64 || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Array.prototype) {
    const items = value as unknown[];
    for (let index = 0; index < items.length; index += 1) {
      if (!isStringifyCanonicalMember(items[index], depth)) return false;
    }
    return true;
  }
  if (prototype !== Object.prototype && prototype !== null) return false;
  const record = value as Record<string, unknown>;
  let previous = '';
  for (const key in record) {
    // for…in also walks inherited enumerable keys: a plain object has none unless someone added
    // one to Object.prototype, and then the long way is right.
    if (!Object.hasOwn(record, key) || key <= previous) return false;
    const first = key.charCodeAt(0);
    if (first >= 48 && first <= 57) return false;
    if (!isStringifyCanonicalMember(record[key], depth)) return false;
    previous = key;
  }
  return true;
}

function isStringifyCanonicalMember(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'object':
      return value === null || isStringifyCanonical(value, depth + 1);
    case 'number':
      return Number.isFinite(value);
    case 'bigint':
      return false;
    default:
      // Strings (escapes checked on the output); undefined, functions and symbols are dropped
      // from objects and written as null in arrays by both.
      return true;
  }
}

function serialize(value: unknown, ancestors: Set<object>): string | undefined {
  switch (typeof value) {
    case 'string':
      return serializeString(value);
    case 'number':
      // ECMAScript Number-to-String is exactly RFC 8785 §3.2.2.3 for finite numbers (-0 gives "0").
      if (!Number.isFinite(value)) {
        throw new CanonicalJsonError('non_finite_number', `${value} is not a JSON number`);
      }
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new CanonicalJsonError(
        'bigint',
        'bigint is not JSON: encode amounts as decimal strings',
      );
    case 'object':
      return value === null ? 'null' : serializeObject(value, ancestors);
    default:
      return undefined;
  }
}

function serializeString(value: string): string {
  if (anySurrogate.test(value) && loneSurrogate.test(value)) {
    throw new CanonicalJsonError('lone_surrogate', 'string holds a lone UTF-16 surrogate');
  }
  // JSON.stringify escapes exactly as RFC 8785 §3.2.2.2 asks (short escapes, \u00xx for the rest
  // of the control characters, lower-case hex, nothing else escaped).
  return JSON.stringify(value);
}

function serializeObject(value: object, ancestors: Set<object>): string | undefined {
  const withToJson = value as { toJSON?: unknown };
  if (typeof withToJson.toJSON === 'function') {
    return serialize((withToJson.toJSON as () => unknown).call(value), ancestors);
  }
  if (ancestors.has(value)) throw new CanonicalJsonError('circular', 'circular structure');
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.map((item: unknown) => serialize(item, ancestors) ?? 'null');
      return `[${items.join(',')}]`;
    }
    // Default sort compares UTF-16 code units, the order RFC 8785 §3.2.3 prescribes.
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const member = serialize(record[key], ancestors);
      if (member !== undefined) members.push(`${quotedKey(key)}:${member}`);
    }
    return `{${members.join(',')}}`;
  } finally {
    ancestors.delete(value);
  }
}

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = serializeString(key);
    if (quotedKeys.size < quotedKeysMax) quotedKeys.set(key, quoted);
  }
  return quoted;
}
