import type { AdminWalletAccount } from '@ledger/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { adminBalanceAtQuery } from './admin-ledger-api.ts';

/**
 * The account's balances at an instant the administrator picks (the newest balance change at or
 * before it, from the balance-change log): what an auditor asks when a member disputes a past
 * balance.
 */
export function BalanceAtPanel({ account }: { account: AdminWalletAccount }) {
  const { t } = useTranslation('admin-ledger');
  const { t: tWallet } = useTranslation('wallet');
  const locale = useAtomValue(localeAtom);
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const balance = useQuery({
    ...adminBalanceAtQuery(account.seq, asked ?? ''),
    enabled: asked !== undefined,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instant = new Date(typed);
    if (typed !== '' && !Number.isNaN(instant.getTime())) setAsked(instant.toISOString());
  };
  const amount = (value: string) => (
    <AmountText amount={value} decimalPoint={account.decimal_point} assetCode={account.asset} />
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="balance-at">
      <Stack gap="sm">
        <Title order={2} size="h4" id="balance-at">
          {t('balanceAt.title')}
        </Title>
        <form onSubmit={submit} aria-label={t('balanceAt.title')}>
          <Group gap="sm" align="flex-end">
            <TextInput
              type="datetime-local"
              step={1}
              label={t('balanceAt.instant')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Button type="submit" variant="default" disabled={typed === ''}>
              {t('balanceAt.show')}
            </Button>
          </Group>
        </form>
        <FailureAlert error={balance.error} />
        {balance.data === undefined ? undefined : (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {balance.data.entry === null
                ? t('balanceAt.beforeFirst')
                : t('balanceAt.result', { at: formatDateTime(balance.data.at, locale) })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  {tWallet('columns.balance')}
                </Text>
                {amount(balance.data.balance)}
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  {tWallet('columns.holding')}
                </Text>
                {amount(balance.data.holding_balance)}
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  {tWallet('columns.available')}
                </Text>
                {amount(balance.data.available_balance)}
              </Stack>
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
