import { z } from 'zod';

/**
 * The one schema of free text on the wire. PostgreSQL stores neither a NUL character (text and
 * jsonb refuse it) nor an unpaired UTF-16 surrogate (not UTF-8; jsonb refuses its escape), so such
 * text is refused at the edge with the field-level code `text_invalid` instead of failing the
 * write. Nothing is trimmed unless the field asks for it (`trim: true`), and the length is bounded.
 */
export const textInvalidCode = 'text_invalid';

const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** No NUL character and no unpaired surrogate: text PostgreSQL can store as text and in jsonb. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !unpairedSurrogate.test(value);
}

export type TextOptions = {
  /** Longest length in UTF-16 code units (after trimming, when `trim`). */
  max: number;
  /** Shortest length; 0 unless given. */
  min?: number;
  /** Trim white space before the length is checked (the kept value is the trimmed one). */
  trim?: boolean;
};

/** Storable text of a bounded length; refine further with `.regex`, `.pipe` or `.refine`. */
export function text(options: TextOptions): z.ZodString {
  const storable = z.string().refine(isStorableText, {
    message: 'no NUL character and no unpaired surrogate',
    params: { code: textInvalidCode },
    abort: true,
  });
  const trimmed = options.trim === true ? storable.trim() : storable;
  const bounded = options.min === undefined ? trimmed : trimmed.min(options.min);
  return bounded.max(options.max);
}

/** A JSON value whose every string (keys included) is storable text. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(
      ([key, entry]) => isStorableText(key) && isStorableJson(entry),
    );
  }
  return true;
}

/** `z.json()` refusing any string PostgreSQL cannot store, with `text_invalid`. */
export function storableJson() {
  return z.json().refine(isStorableJson, {
    message: 'no NUL character and no unpaired surrogate',
    params: { code: textInvalidCode },
  });
}
