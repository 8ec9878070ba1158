import pg from 'pg';

const jsonbOid = 3802;
const timestamptzOid = 1184;
const defaultTimestampParser = pg.types.getTypeParser(timestamptzOid);
const zero = 48;

/**
 * timestamptz in the ISO DateStyle (`2026-11-22 07:11:20.123456+00`, offsets `+05:30` or
 * `+00:09:21`) read by character position, without pg-types' general parser or a regular
 * expression: on catch-up reads this was the most expensive part of an event row. Anything else
 * (other DateStyles, BC, infinity) goes to the general parser.
 */
export function parseTimestamptz(text: string): Date {
  const fixed = fixedPart(text);
  if (fixed === undefined) return defaultTimestampParser(text) as Date;
  let index = 19;
  let milliseconds = 0;
  if (text.charCodeAt(index) === 46) {
    index += 1;
    let scale = 100;
    while (index < text.length && isDigit(text.charCodeAt(index))) {
      milliseconds += (text.charCodeAt(index) - zero) * scale;
      scale /= 10;
      index += 1;
    }
    milliseconds = Math.floor(milliseconds);
  }
  const offset = offsetSeconds(text, index);
  if (offset === undefined) return defaultTimestampParser(text) as Date;
  return new Date(fixed + milliseconds - offset * 1000);
}

/** Milliseconds of `YYYY-MM-DD HH:MM:SS` read as UTC, or undefined when the shape differs. */
function fixedPart(text: string): number | undefined {
  if (text.length < 22 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  if (text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) {
    return undefined;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (Number.isNaN(year + month + day + hour + minute + second)) return undefined;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** `+HH`, `+HH:MM` or `+HH:MM:SS` at `index`, to the end of the text, in seconds. */
function offsetSeconds(text: string, index: number): number | undefined {
  const sign = text.charCodeAt(index);
  if (sign !== 43 && sign !== 45) return undefined;
  const length = text.length - index - 1;
  if (length !== 2 && length !== 5 && length !== 8) return undefined;
  const hours = digits(text, index + 1, 2);
  const minutes = length >= 5 ? digits(text, index + 4, 2) : 0;
  const seconds = length === 8 ? digits(text, index + 7, 2) : 0;
  const total = hours * 3600 + minutes * 60 + seconds;
  if (Number.isNaN(total)) return undefined;
  return sign === 45 ? -total : total;
}

function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index += 1) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return Number.NaN;
    value = value * 10 + code - zero;
  }
  return value;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Parsers for event rows: jsonb parsed, timestamptz fast, everything else left as text (the
 * queries cast int8 and xid8 to text), whatever global parsers the application installed.
 */
export const eventRowTypes = {
  getTypeParser(oid: number): (text: string) => unknown {
    if (oid === jsonbOid) return JSON.parse;
    if (oid === timestamptzOid) return parseTimestamptz;
    return (text: string) => text;
  },
};
