import {
  defaultMessageLocale,
  type FieldMessageCase,
  type FieldProblemCode,
  fieldMessages,
  fieldProblemCodes,
  type MessageLocale,
  messageLocales,
  type ProblemMessage,
  type ProblemMessageKey,
  problemCatalogs,
} from '@ledger/contracts';

/**
 * The locale of a request's server messages, from its Accept-Language (RFC 9110 §12.5.4): the
 * ranges in order of their q-value (ties in the order sent, q=0 never), each matched to a product
 * locale exactly (case-insensitive) or by its language (`ja`, `ja-XX` → ja-JP); `*`, no header or
 * nothing that matches is the product's default, ko-KR (SPEC §9).
 */
export function negotiateLocale(acceptLanguage: string | undefined): MessageLocale {
  if (acceptLanguage === undefined || acceptLanguage === '') return defaultMessageLocale;
  const cached = negotiated.get(acceptLanguage);
  if (cached !== undefined) return cached;
  const locale = bestLocale(acceptLanguage);
  if (negotiated.size >= negotiatedSizeMax) negotiated.clear();
  negotiated.set(acceptLanguage, locale);
  return locale;
}

/** Headers seen before (browsers send a handful of values): their locale without parsing. */
const negotiated = new Map<string, MessageLocale>();
const negotiatedSizeMax = 256;

const rangePattern = /^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)$/;
const qualityPattern = /^q=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/i;

function bestLocale(header: string): MessageLocale {
  const ranges: { range: string; quality: number; order: number }[] = [];
  header.split(',').forEach((part, order) => {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!rangePattern.test(range)) return;
    let quality = 1;
    for (const parameter of parameters) {
      const match = qualityPattern.exec(parameter);
      if (match !== null) quality = Number(match[1]);
    }
    if (quality > 0) ranges.push({ range: range.toLowerCase(), quality, order });
  });
  ranges.sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { range } of ranges) {
    if (range === '*') return defaultMessageLocale;
    const locale = exactLocales.get(range) ?? languageLocales.get(range.split('-')[0] ?? '');
    if (locale !== undefined) return locale;
  }
  return defaultMessageLocale;
}

const exactLocales = new Map(messageLocales.map((locale) => [locale.toLowerCase(), locale]));
const languageLocales = new Map(
  messageLocales.map((locale) => [locale.split('-')[0]?.toLowerCase() ?? '', locale]),
);

/** Values a message names: a problem's extension members. */
export type ProblemParams = Readonly<Record<string, string | number | readonly string[]>>;

/**
 * A message's title and detail in a locale. A title names no value; a detail is left out when the
 * problem lacks a value it names (so no answer shows a bare `{name}`).
 */
export function localizedMessage(
  key: ProblemMessageKey,
  locale: MessageLocale,
  params: ProblemParams | undefined,
): ProblemMessage {
  const message = problemCatalogs[locale][key];
  const detail = message.detail === undefined ? undefined : fill(message.detail, locale, params);
  return detail === undefined ? { title: message.title } : { title: message.title, detail };
}

/**
 * A field-level failure's message in a locale (its case's, else its code's); a code, or a value
 * its message names, that the catalog lacks keeps the check's own `message`.
 */
export function fieldMessage(
  error: {
    code: string;
    message: string;
    params?: ProblemParams | undefined;
    messageCase?: FieldMessageCase | undefined;
  },
  locale: MessageLocale,
): string {
  if (!isFieldProblemCode(error.code)) return error.message;
  const template = fieldMessages[locale][error.messageCase ?? error.code];
  return fill(template, locale, error.params) ?? error.message;
}

function isFieldProblemCode(code: string): code is FieldProblemCode {
  return (fieldProblemCodes as readonly string[]).includes(code);
}

const placeholder = /\{(\w+)\}/g;

/** The names a message's `{name}` placeholders name. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(placeholder)].map((match) => match[1] as string);
}

/**
 * `{name}` replaced by the value (a list joined as the locale joins one); undefined when a value
 * is missing.
 */
export function fill(
  template: string,
  locale: MessageLocale,
  params: ProblemParams | undefined,
): string | undefined {
  if (!template.includes('{')) return template;
  let complete = true;
  const filled = template.replace(placeholder, (whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) {
      complete = false;
      return whole;
    }
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return listFormats[locale].format(value);
  });
  return complete ? filled : undefined;
}

const listFormats = Object.fromEntries(
  messageLocales.map((locale) => [
    locale,
    new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }),
  ]),
) as Record<MessageLocale, Intl.ListFormat>;
