import { Button, Group, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { firstDayOfWeek } from '../../i18n/locales.ts';
import { dateRangeFor, dateShortcuts, localToday } from './date-range-shortcuts.ts';
import type { ListSearch } from './list-search.ts';

export type Period = Pick<ListSearch, 'date_from' | 'date_to' | 'date_range'>;

export type DateRangeFilterProps = {
  period: Period;
  /** Receives the whole new period: a shortcut clears explicit dates and the other way round. */
  onChange: (period: Period) => void;
  /** The user's today; the clock when absent (tests pass a fixed date). */
  today?: string | undefined;
};

const noPeriod: Period = { date_from: undefined, date_to: undefined, date_range: undefined };

/**
 * The period filter of a list: the SPEC §9 shortcuts (sent as `date_range`, resolved by the
 * server in the service time zone) and a calendar for any other range (`date_from`/`date_to`).
 */
export function DateRangeFilter({ period, onChange, today }: DateRangeFilterProps) {
  const { t } = useTranslation('kit');
  const locale = useAtomValue(localeAtom);
  const active = period.date_range;
  const shown =
    active === undefined
      ? { from: period.date_from, to: period.date_to }
      : dateRangeFor(active, today ?? localToday(), firstDayOfWeek(locale));
  return (
    <Stack gap="xs">
      <DatePickerInput
        type="range"
        label={t('list.period')}
        valueFormat="YYYY-MM-DD"
        clearable
        clearButtonProps={{ 'aria-label': t('list.clearPeriod') }}
        value={[shown.from ?? null, shown.to ?? null]}
        onChange={([start, end]) => {
          if (start !== null && end !== null) {
            onChange({ ...noPeriod, date_from: start, date_to: end });
          }
          if (start === null && end === null) onChange(noPeriod);
        }}
        maw={320}
      />
      <Group gap={6} role="group" aria-label={t('list.shortcutsLabel')}>
        {dateShortcuts.map((shortcut) => (
          <Button
            key={shortcut}
            size="compact-xs"
            variant={shortcut === active ? 'filled' : 'default'}
            aria-pressed={shortcut === active}
            onClick={() => onChange({ ...noPeriod, date_range: shortcut })}
          >
            {t(`list.shortcuts.${shortcut}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
