import type { WithdrawPolicy } from '@ledger/contracts';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feeText, useWithdrawLabels } from '../../i18n/labels/withdraw-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { useCatalogScale } from '../../lib/queries/catalog-scale.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { decimalPointMax, decimalsOf, formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountInput } from '../../ui-kit/amount/amount-input.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { setWithdrawPolicyMutation, withdrawPoliciesQuery } from './admin-withdraw-api.ts';

const amountPattern = /^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/;

/**
 * SPEC §2 admin withdraw/policy: per asset, the one-time and daily withdrawal limits that apply
 * where no security-level restriction policy names one (empty: no limit), and the withdrawal fee
 * where the asset catalog names none (taken from the amount, or charged separately in a fee asset).
 */
export function WithdrawPolicyPage() {
  const { t } = useTranslation('admin-withdrawals');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.withdrawPolicy'));
  const locale = useAtomValue(localeAtom);
  const labels = useWithdrawLabels();
  const policies = useQuery(withdrawPoliciesQuery());
  // Amounts are typed in the locale's separators at the asset's scale (the catalog's; an asset it
  // does not list yet allows the most any asset has, and the server decides).
  const catalogScale = useCatalogScale();
  const scaleOf = (code: string) => catalogScale(code) ?? decimalPointMax;
  const [asset, setAsset] = useState('');
  const [oneTime, setOneTime] = useState('');
  const [daily, setDaily] = useState('');
  const [feeType, setFeeType] = useState<'deducted' | 'separate'>('deducted');
  const [feeAmount, setFeeAmount] = useState('0');
  const [feeAsset, setFeeAsset] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const save = useMutation({
    ...setWithdrawPolicyMutation(),
    onSuccess: () => showSuccessToast(t('policy.saved')),
  });
  const edit = (policy: WithdrawPolicy) => {
    setAsset(policy.asset);
    setOneTime(policy.one_time_limit ?? '');
    setDaily(policy.daily_limit ?? '');
    setFeeType(policy.fee_type);
    setFeeAmount(policy.fee_amount);
    setFeeAsset(policy.fee_asset);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amounts = [oneTime, daily].filter((value) => value.trim() !== '');
    if (
      !/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/.test(asset) ||
      ![...amounts, feeAmount].every((value) => amountPattern.test(value.trim()))
    ) {
      setProblem(t('policy.invalid'));
      return;
    }
    setProblem(undefined);
    save.mutate({
      asset,
      one_time_limit: oneTime.trim() === '' ? null : oneTime.trim(),
      daily_limit: daily.trim() === '' ? null : daily.trim(),
      fee_type: feeType,
      fee_amount: feeAmount.trim(),
      fee_asset: feeAsset.trim() === '' ? asset : feeAsset.trim(),
    });
  };
  const none = t('policy.noLimit');
  // Every digit the policy holds, in the locale's separators.
  const limitText = (limit: string | null) =>
    limit === null ? none : formatAmount(limit, locale, { decimalPoint: decimalsOf(limit) });
  return (
    <Stack gap="lg">
      <Title order={2}>{tAdmin('screens.withdrawPolicy')}</Title>
      <Text size="sm" c="dimmed">
        {t('policy.explanation')}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.asset')}</Table.Th>
            <Table.Th>{t('policy.oneTimeLimit')}</Table.Th>
            <Table.Th>{t('policy.dailyLimit')}</Table.Th>
            <Table.Th>{t('columns.fee')}</Table.Th>
            <Table.Th>{t('policy.setAt')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(policies.data ?? []).map((policy) => (
            <Table.Tr key={policy.asset}>
              <Table.Td>{policy.asset}</Table.Td>
              <Table.Td>{limitText(policy.one_time_limit)}</Table.Td>
              <Table.Td>{limitText(policy.daily_limit)}</Table.Td>
              <Table.Td>{`${feeText(policy, locale)} (${labels.feeType(policy.fee_type)})`}</Table.Td>
              <Table.Td>{formatDateTime(policy.set_at, locale)}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="default" onClick={() => edit(policy)}>
                  {t('policy.edit')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {policies.data?.length === 0 ? <Text size="sm">{t('policy.empty')}</Text> : undefined}
      <Paper withBorder p="md">
        <form onSubmit={submit} aria-label={t('policy.formLabel')} noValidate>
          <Stack gap="sm">
            <Group grow>
              <TextInput
                label={t('columns.asset')}
                required
                value={asset}
                onChange={(event) => setAsset(event.currentTarget.value.trim())}
              />
              <AmountInput
                label={t('policy.oneTimeLimit')}
                description={t('policy.emptyIsNone')}
                value={oneTime}
                decimalPoint={scaleOf(asset)}
                onChange={setOneTime}
              />
              <AmountInput
                label={t('policy.dailyLimit')}
                description={t('policy.emptyIsNone')}
                value={daily}
                decimalPoint={scaleOf(asset)}
                onChange={setDaily}
              />
            </Group>
            <Group grow>
              <NativeSelect
                label={t('policy.feeType')}
                value={feeType}
                data={[
                  { value: 'deducted', label: labels.feeType('deducted') },
                  { value: 'separate', label: labels.feeType('separate') },
                ]}
                onChange={(event) =>
                  setFeeType(event.currentTarget.value as 'deducted' | 'separate')
                }
              />
              <AmountInput
                label={t('policy.feeAmount')}
                required
                value={feeAmount}
                decimalPoint={scaleOf(feeAsset.trim() === '' ? asset : feeAsset.trim())}
                onChange={setFeeAmount}
              />
              <TextInput
                label={t('policy.feeAsset')}
                description={t('policy.feeAssetHint')}
                value={feeAsset}
                onChange={(event) => setFeeAsset(event.currentTarget.value)}
              />
            </Group>
            {problem === undefined ? undefined : (
              <Text c="red" size="sm">
                {problem}
              </Text>
            )}
            <FailureAlert error={save.error} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('policy.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
