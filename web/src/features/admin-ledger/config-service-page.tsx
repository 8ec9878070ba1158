import { Container, NativeSelect, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { constantQueryOptions } from '../../lib/constant-query.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AmountInput } from '../../ui-kit/amount/amount-input.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { SettingsSaveFooter, saveChangedSettings } from '../../ui-kit/settings-form.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  type LedgerSettingKey,
  type LedgerSettings,
  ledgerSettingMutation,
  ledgerSettingsQuery,
} from './admin-ledger-api.ts';

type Scope = LedgerSettings['ledger.memberTransferScope'];
type PerAsset = Record<string, string>;

/** Only the assets with an amount: an empty field means "none" (no fee; always two approvals). */
function withoutEmpty(amounts: PerAsset): PerAsset {
  return Object.fromEntries(Object.entries(amounts).filter(([, amount]) => amount !== ''));
}

/**
 * SPEC §2 admin config/service: the ledger policy (settings `ledger.*`, ADR 0011 addendum) —
 * wallet accounts per asset, whether members may transfer to another member's account, the fee
 * of such a transfer per asset, and per asset the forced-adjustment amount up to which one
 * administrator suffices. Each change is one SettingChanged event (chief administrator only).
 */
export function ConfigServicePage() {
  const { t } = useTranslation('admin-ledger');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.configService'));
  const settings = useQuery(ledgerSettingsQuery());
  const assets = useQuery(constantQueryOptions()).data?.assets ?? [];
  const save = useMutation({ ...ledgerSettingMutation() });
  const [accountsMax, setAccountsMax] = useState<number | string>('');
  const [scope, setScope] = useState<Scope>('own_accounts');
  const [fees, setFees] = useState<PerAsset>({});
  const [thresholds, setThresholds] = useState<PerAsset>({});
  useEffect(() => {
    const data = settings.data;
    if (data === undefined) return;
    setAccountsMax(data['ledger.accountsPerAssetMax']);
    setScope(data['ledger.memberTransferScope']);
    setFees({ ...data['ledger.memberTransferFee'] });
    setThresholds({ ...data['ledger.adjustmentSingleApprovalMax'] });
  }, [settings.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes: [LedgerSettingKey, unknown][] = [
      ['ledger.accountsPerAssetMax', Number(accountsMax)],
      ['ledger.memberTransferScope', scope],
      ['ledger.memberTransferFee', withoutEmpty(fees)],
      ['ledger.adjustmentSingleApprovalMax', withoutEmpty(thresholds)],
    ];
    if (await saveChangedSettings(changes, settings.data, save.mutateAsync)) {
      showSuccessToast(t('config.saved'));
    }
  };
  return (
    <Container size="md" py="md">
      <form onSubmit={(event) => void submit(event)} aria-label={tAdmin('screens.configService')}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {tAdmin('screens.configService')}
          </Title>
          {settings.error ? <FailureAlert error={settings.error} /> : undefined}
          <NumberInput
            label={t('config.accountsPerAssetMax')}
            min={1}
            max={1_000}
            allowDecimal={false}
            value={accountsMax}
            onChange={setAccountsMax}
          />
          <NativeSelect
            label={t('config.memberTransferScope')}
            value={scope}
            data={[
              { value: 'own_accounts', label: t('config.scope.own_accounts') },
              { value: 'any_member', label: t('config.scope.any_member') },
            ]}
            onChange={(event) => setScope(event.currentTarget.value as Scope)}
          />
          <Table aria-label={t('config.perAsset')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('config.asset')}</Table.Th>
                <Table.Th>{t('config.memberTransferFee')}</Table.Th>
                <Table.Th>{t('config.adjustmentSingleApprovalMax')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {assets.map((asset) => (
                <Table.Tr key={asset.code}>
                  <Table.Td>{asset.code}</Table.Td>
                  <Table.Td>
                    <AmountInput
                      aria-label={t('config.feeOf', { asset: asset.code })}
                      value={fees[asset.code] ?? ''}
                      decimalPoint={asset.decimal_point}
                      assetCode={asset.code}
                      onChange={(amount) => setFees((all) => ({ ...all, [asset.code]: amount }))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <AmountInput
                      aria-label={t('config.thresholdOf', { asset: asset.code })}
                      value={thresholds[asset.code] ?? ''}
                      decimalPoint={asset.decimal_point}
                      assetCode={asset.code}
                      onChange={(amount) =>
                        setThresholds((all) => ({ ...all, [asset.code]: amount }))
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('config.perAssetNote')}
          </Text>
          <SettingsSaveFooter
            error={save.error}
            pending={save.isPending}
            disabled={settings.data === undefined}
            label={t('config.save')}
          />
        </Stack>
      </form>
    </Container>
  );
}
