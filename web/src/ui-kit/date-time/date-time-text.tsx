import { Text, type TextProps } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { type DateTimeFormatOptions, formatDateTime } from './format-date-time.ts';

export type DateTimeTextProps = TextProps & DateTimeFormatOptions & { value: string };

/** An instant in the active locale and the service time zone, machine-readable in `<time>`. */
export function DateTimeText({ value, timeZone, isDateOnly, ...textProps }: DateTimeTextProps) {
  const locale = useAtomValue(localeAtom);
  return (
    <Text component="time" dateTime={value} {...textProps}>
      {formatDateTime(value, locale, { timeZone, isDateOnly })}
    </Text>
  );
}
