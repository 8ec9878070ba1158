/**
 * The checks of the settings catalogue: each says why a value is refused (a field-level issue the
 * write API answers as `errors[]`), or nothing when the value is acceptable. The codes are the
 * contracts' field problem codes, so every locale has their message.
 */

export type SettingIssueCode =
  | 'invalid_type'
  | 'too_small'
  | 'too_big'
  | 'too_big.string'
  | 'too_big.array'
  | 'invalid_value'
  | 'invalid_format'
  | 'invalid_key'
  | 'duplicate_item';

/** Why a value is refused; `path` names the item inside it (`[2]` is the third item of a list). */
export type SettingIssue = {
  code: SettingIssueCode;
  path: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
};

/** A check; the phantom `Value` ties it to the type of the setting it checks. */
export type SettingCheck<Value> = ((value: unknown) => SettingIssue | undefined) & {
  readonly checks?: Value;
};

const issue = (code: SettingIssueCode, extra: Partial<SettingIssue> = {}): SettingIssue => ({
  code,
  path: [],
  ...extra,
});

export function integerBetween(minimum: number, maximum: number): SettingCheck<number> {
  return (value) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) return issue('invalid_type');
    if (value < minimum) return issue('too_small', { minimum });
    if (value > maximum) return issue('too_big', { maximum });
    return undefined;
  };
}

export function oneOf<Value extends string>(values: readonly Value[]): SettingCheck<Value> {
  return (value) => {
    if (typeof value !== 'string') return issue('invalid_type');
    return (values as readonly string[]).includes(value) ? undefined : issue('invalid_value');
  };
}

export const isBoolean: SettingCheck<boolean> = (value) =>
  typeof value === 'boolean' ? undefined : issue('invalid_type');

/** One line of text of at most `lengthMax` characters (no line break: it may go in a header). */
export function text(lengthMax: number): SettingCheck<string> {
  return (value) => {
    if (typeof value !== 'string') return issue('invalid_type');
    if (value.length > lengthMax) return issue('too_big.string', { maximum: lengthMax });
    return /[\r\n]/.test(value) ? issue('invalid_format') : undefined;
  };
}

/** Text matching `pattern` (which bounds its length). */
export function matching(pattern: RegExp): SettingCheck<string> {
  return (value) => {
    if (typeof value !== 'string') return issue('invalid_type');
    return pattern.test(value) ? undefined : issue('invalid_format');
  };
}

/** A list of at most `lengthMax` distinct items, each passing `item` (its issue names its index). */
export function listOf<Value>(item: SettingCheck<Value>, lengthMax: number): SettingCheck<Value[]> {
  return (value) => {
    if (!Array.isArray(value)) return issue('invalid_type');
    if (value.length > lengthMax) return issue('too_big.array', { maximum: lengthMax });
    for (const [index, element] of value.entries()) {
      const found = item(element);
      if (found !== undefined) return { ...found, path: [index, ...found.path] };
      if (value.indexOf(element) !== index) return issue('duplicate_item', { path: [index] });
    }
    return undefined;
  };
}

/** A plain object of at most `entriesMax` entries, each key matching `key` and value passing `item`. */
export function recordOf<Value>(
  key: RegExp,
  item: SettingCheck<Value>,
  entriesMax: number,
): SettingCheck<Readonly<Record<string, Value>>> {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return issue('invalid_type');
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return issue('invalid_type');
    const entries = Object.entries(value);
    if (entries.length > entriesMax) return issue('too_big.array', { maximum: entriesMax });
    for (const [name, element] of entries) {
      if (!key.test(name)) return issue('invalid_key', { path: [name] });
      const found = item(element);
      if (found !== undefined) return { ...found, path: [name, ...found.path] };
    }
    return undefined;
  };
}

/** Text of at most `lengthMax` characters that may span lines (a mail body). */
export function multilineText(lengthMax: number): SettingCheck<string> {
  return (value) => {
    if (typeof value !== 'string') return issue('invalid_type');
    return value.length > lengthMax ? issue('too_big.string', { maximum: lengthMax }) : undefined;
  };
}

/** `null`, or a value passing `check`. */
export function nullable<Value>(check: SettingCheck<Value>): SettingCheck<Value | null> {
  return (value) => (value === null ? undefined : check(value));
}

/** A plain object with exactly these fields, each passing its check (its issue names the field). */
export function shape<Value extends Record<string, unknown>>(
  fields: {
    [Field in keyof Value]: SettingCheck<Value[Field]>;
  },
): SettingCheck<Value> {
  const names = Object.keys(fields);
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return issue('invalid_type');
    }
    const unknown = Object.keys(value).find((name) => !names.includes(name));
    if (unknown !== undefined) return issue('invalid_key', { path: [unknown] });
    for (const name of names) {
      const found = fields[name as keyof Value]((value as Record<string, unknown>)[name]);
      if (found !== undefined) return { ...found, path: [name, ...found.path] };
    }
    return undefined;
  };
}

/** A pattern matching exactly one of `values` (for the keys of a record). */
export function exactlyOneOf(values: readonly string[]): RegExp {
  return new RegExp(
    `^(${values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
  );
}
