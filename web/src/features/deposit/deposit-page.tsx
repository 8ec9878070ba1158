import type { AssetView, ChainDepositView, DepositRequestView } from '@ledger/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { depositAssetsQuery } from '../../lib/queries/asset-queries.ts';
import { allWalletAccountsQuery } from '../../lib/queries/wallet-api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountInput } from '../../ui-kit/amount/amount-input.tsx';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import {
  checkExtraForm,
  ExtraFormFields,
  type ExtraFormProblem,
  type ExtraFormValues,
} from '../../ui-kit/forms/extra-form-fields.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast, toastFailure } from '../../ui-kit/toasts.ts';
import {
  createDepositAddressMutation,
  depositAddressQuery,
  depositHistoryQuery,
  depositRequestHistoryQuery,
  depositRequestMutation,
} from './deposit-api.ts';
import type { DepositHistorySearch } from './deposit-search.ts';

export type DepositPageProps = {
  search: DepositHistorySearch;
  onSearchChange: (update: (previous: DepositHistorySearch) => DepositHistorySearch) => void;
  today?: string | undefined;
};

const depositStatusColor: Record<ChainDepositView['status'], string> = {
  pending: 'yellow',
  crediting: 'blue',
  credited: 'green',
  orphaned: 'gray',
};
const requestStatusColor: Record<DepositRequestView['status'], string> = {
  requested: 'yellow',
  approved: 'blue',
  credited: 'green',
  rejected: 'gray',
  failed: 'red',
};

/**
 * SPEC §2 wallet: deposit. The member picks an asset and one of its accounts; a chain asset shows
 * the account's deposit address with a QR code and copy button (created on request), and, for an
 * asset that needs one, the memo ID in its own field with the loss warning; a manually confirmed
 * asset (e.g. KRW by bank transfer) shows its deposit-only reference and a deposit request form.
 * The minimum amount and the confirmations are shown; the history lists pending deposits with
 * their confirmations (visible, not yet spendable) and the deposit requests.
 */
export function DepositPage({ search, onSearchChange, today }: DepositPageProps) {
  const { t } = useTranslation('deposit');
  useDocumentTitle(t('title'));
  const assets = useQuery(depositAssetsQuery());
  const accounts = useQuery(allWalletAccountsQuery());
  const depositable = (assets.data ?? []).filter((asset) => asset.allow_deposit);
  const asset = depositable.find((candidate) => candidate.code === search.asset) ?? depositable[0];
  const ownAccounts = (accounts.data ?? []).filter((account) => account.asset === asset?.code);
  const account =
    ownAccounts.find((candidate) => candidate.seq === search.account_seq) ?? ownAccounts[0];
  const set = (change: Partial<DepositHistorySearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  return (
    <Stack gap="lg">
      <Title order={2}>{t('title')}</Title>
      <FailureAlert error={assets.error ?? accounts.error} />
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('choose.asset')}
          data={depositable.map((choice) => ({
            value: choice.code,
            label: `${choice.title} (${choice.code})`,
          }))}
          value={asset?.code ?? null}
          onChange={(value) => set({ asset: value ?? undefined, account_seq: undefined })}
          allowDeselect={false}
          w={260}
        />
        <Select
          label={t('choose.account')}
          data={ownAccounts.map((choice) => ({
            value: String(choice.seq),
            label: `${choice.title ?? choice.account_number} · ${choice.account_number}`,
          }))}
          value={account === undefined ? null : String(account.seq)}
          onChange={(value) => set({ account_seq: value === null ? undefined : Number(value) })}
          allowDeselect={false}
          disabled={ownAccounts.length === 0}
          w={320}
        />
      </Group>
      {asset === undefined ? (
        <Text c="dimmed">{t('choose.noAsset')}</Text>
      ) : account === undefined ? (
        <Alert color="blue">
          <Stack gap={4}>
            <Text size="sm">{t('choose.noAccount', { asset: asset.code })}</Text>
            <Anchor component={Link} to="/wallet" size="sm">
              {t('choose.toWallet')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <>
          <AddressPanel asset={asset} accountSeq={account.seq} />
          {asset.plugin_id === null ? (
            <DepositRequestForm asset={asset} accountSeq={account.seq} />
          ) : undefined}
        </>
      )}
      <DepositHistory
        search={search}
        onSearchChange={onSearchChange}
        today={today}
        decimalPoints={new Map((assets.data ?? []).map((item) => [item.code, item.decimal_point]))}
        showsRequests={asset === undefined || asset.plugin_id === null}
      />
    </Stack>
  );
}

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('deposit');
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-sm" variant={copied ? 'filled' : 'light'} onClick={copy}>
          {copied ? t('address.copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}

function AddressPanel({ asset, accountSeq }: { asset: AssetView; accountSeq: number }) {
  const { t } = useTranslation('deposit');
  const locale = useAtomValue(localeAtom);
  const address = useQuery(depositAddressQuery(accountSeq));
  const create = useMutation({ ...createDepositAddressMutation(), onError: toastFailure });
  const isManual = asset.plugin_id === null;
  const minimum = `${formatAmount(asset.minimum_deposit, locale, { decimalPoint: asset.decimal_point })} ${asset.code}`;
  const askCreate = async () => {
    if (asset.memo_required) {
      const isConfirmed = await confirmAction({
        title: t('address.memoConfirmTitle'),
        message: t('address.memoWarning', { asset: asset.code }),
      });
      if (!isConfirmed) return;
    }
    create.mutate(accountSeq);
  };
  const assigned = address.data;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{isManual ? t('address.depositOnlyTitle') : t('address.title')}</Title>
        <FailureAlert error={address.error} />
        {asset.is_frozen ? <Alert color="red">{t('address.frozen')}</Alert> : undefined}
        {assigned === null || assigned === undefined ? (
          <Stack gap="xs" align="flex-start">
            {asset.memo_required ? (
              <Alert color="red" title={t('address.memoWarningTitle')}>
                {t('address.memoWarning', { asset: asset.code })}
              </Alert>
            ) : undefined}
            <Button
              onClick={() => void askCreate()}
              loading={create.isPending}
              disabled={address.isPending}
            >
              {asset.memo_required
                ? t('address.createMemo')
                : isManual
                  ? t('address.createDepositOnly')
                  : t('address.create')}
            </Button>
          </Stack>
        ) : (
          <Group align="flex-start" gap="xl" wrap="wrap">
            {isManual ? undefined : (
              <Paper p="xs" bg="white" withBorder aria-label={t('address.qr')}>
                <QRCodeSVG value={assigned.address} size={160} />
              </Paper>
            )}
            <Stack gap="xs" style={{ flex: 1, minWidth: 280 }}>
              <Text size="sm" fw={500}>
                {isManual ? t('address.depositOnlyLabel') : t('address.addressLabel')}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="deposit-address" style={{ wordBreak: 'break-all' }}>
                  {assigned.address}
                </Code>
                <CopyValue value={assigned.address} label={t('address.copy')} />
              </Group>
              {assigned.memo === null ? undefined : (
                <Paper p="xs" withBorder bg="var(--mantine-color-yellow-light)">
                  <Stack gap={4}>
                    <Text size="sm" fw={700}>
                      {t('address.memoLabel')}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      <Code data-testid="deposit-memo" fz="lg">
                        {assigned.memo}
                      </Code>
                      <CopyValue value={assigned.memo} label={t('address.copyMemo')} />
                    </Group>
                  </Stack>
                </Paper>
              )}
              {assigned.memo === null ? undefined : (
                <Alert color="red" title={t('address.memoWarningTitle')}>
                  {t('address.memoWarning', { asset: asset.code })}
                </Alert>
              )}
              {isManual ? (
                <Text size="sm">{t('address.depositOnlyHint')}</Text>
              ) : (
                <Text size="sm" c="red">
                  {t('address.onlyThisAsset', { asset: asset.code })}
                </Text>
              )}
              <Text size="sm">{t('address.minimum', { amount: minimum })}</Text>
              {isManual ? undefined : (
                <Text size="sm">
                  {t('address.confirmations', { blocks: asset.confirmations_required })}
                </Text>
              )}
              {isManual ? undefined : (
                <Text size="xs" c="dimmed">
                  {t('address.checkTip')}
                </Text>
              )}
            </Stack>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function DepositRequestForm({ asset, accountSeq }: { asset: AssetView; accountSeq: number }) {
  const { t } = useTranslation('deposit');
  const locale = useAtomValue(localeAtom);
  const [amount, setAmount] = useState('');
  const [extra, setExtra] = useState<ExtraFormValues>({});
  const [extraProblem, setExtraProblem] = useState<ExtraFormProblem | undefined>();
  const key = useSubmissionKey();
  const request = useMutation({
    ...depositRequestMutation(),
    onSuccess: () => {
      showSuccessToast(t('request.sent'));
      setAmount('');
      setExtra({});
      key.renew();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === '') return;
    const checked = checkExtraForm(asset.deposit_extra_form, extra);
    setExtraProblem('problem' in checked ? checked : undefined);
    if ('problem' in checked) return;
    request.mutate({
      fields: { accountSeq, amount, extra: checked.values },
      idempotencyKey: key.current(),
    });
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <Title order={4}>{t('request.title')}</Title>
          <Text size="sm">{t('request.hint')}</Text>
          <AmountInput
            label={t('request.amount')}
            value={amount}
            onChange={setAmount}
            decimalPoint={asset.decimal_point}
            assetCode={asset.code}
            description={t('address.minimum', {
              amount: `${formatAmount(asset.minimum_deposit, locale, {
                decimalPoint: asset.decimal_point,
              })} ${asset.code}`,
            })}
            required
          />
          <ExtraFormFields
            form={asset.deposit_extra_form}
            values={extra}
            problem={extraProblem}
            onChange={(values) => {
              key.renew();
              setExtra(values);
            }}
          />
          <FailureAlert error={request.error} />
          <Group>
            <Button type="submit" loading={request.isPending} disabled={amount === ''}>
              {t('request.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DepositHistory({
  search,
  onSearchChange,
  today,
  decimalPoints,
  showsRequests,
}: DepositPageProps & { decimalPoints: Map<string, number>; showsRequests: boolean }) {
  const { t } = useTranslation('deposit');
  const locale = useAtomValue(localeAtom);
  const deposits = useQuery({ ...depositHistoryQuery(search), placeholderData: keepPreviousData });
  const requests = useQuery({
    ...depositRequestHistoryQuery(search),
    placeholderData: keepPreviousData,
    enabled: showsRequests,
  });
  const scaleOf = (asset: string) => decimalPoints.get(asset);
  const statusText = (status: ChainDepositView['status']) => t(`status.${status}`);
  const columns: ListColumn<ChainDepositView>[] = [
    {
      accessor: 'regdate',
      title: t('history.detectedAt'),
      isSortable: true,
      text: (row) => formatDateTime(row.detected_at, locale),
    },
    { accessor: 'asset', title: t('history.asset'), text: (row) => row.asset },
    {
      accessor: 'amount',
      title: t('history.amount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.amount, locale, { decimalPoint: scaleOf(row.asset) }),
      render: (row) => (
        <AmountText amount={row.amount} decimalPoint={scaleOf(row.asset)} size="sm" />
      ),
    },
    {
      accessor: 'confirmations',
      title: t('history.confirmations'),
      textAlign: 'right',
      text: (row) =>
        t('history.confirmationsOf', {
          done: row.confirmations,
          required: row.confirmations_required,
        }),
    },
    {
      accessor: 'status',
      title: t('history.status'),
      text: (row) =>
        row.destination === 'suspense'
          ? `${statusText(row.status)} (${t('history.suspense')})`
          : statusText(row.status),
      render: (row) => (
        <Group gap={4}>
          <Badge color={depositStatusColor[row.status]}>{statusText(row.status)}</Badge>
          {row.destination === 'suspense' ? (
            <Badge color="orange" variant="light">
              {t('history.suspense')}
            </Badge>
          ) : undefined}
        </Group>
      ),
    },
    {
      accessor: 'txid',
      title: t('history.txid'),
      text: (row) => row.txid,
      render: (row) => (
        <Text size="xs" ff="monospace" title={row.txid}>
          {`${row.txid.slice(0, 10)}…${row.txid.slice(-6)}`}
        </Text>
      ),
    },
  ];
  const requestColumns: ListColumn<DepositRequestView>[] = [
    {
      accessor: 'regdate',
      title: t('history.requestedAt'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    { accessor: 'asset', title: t('history.asset'), text: (row) => row.asset },
    {
      accessor: 'request_amount',
      title: t('history.amount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.request_amount, locale, { decimalPoint: scaleOf(row.asset) }),
      render: (row) => (
        <AmountText amount={row.request_amount} decimalPoint={scaleOf(row.asset)} size="sm" />
      ),
    },
    {
      accessor: 'status',
      title: t('history.status'),
      text: (row) => t(`requestStatus.${row.status}`),
      render: (row) => (
        <Badge color={requestStatusColor[row.status]}>{t(`requestStatus.${row.status}`)}</Badge>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <ListScreen
        title={t('history.title')}
        search={search}
        onSearchChange={onSearchChange}
        columns={columns}
        rows={deposits.data?.data}
        total={deposits.data?.paging.total}
        isFetching={deposits.isFetching}
        error={deposits.error}
        rowKey={(row) => row.deposit_id}
        emptyText={t('history.empty')}
        exportFileName="deposits"
        today={today}
      />
      {showsRequests ? (
        <ListScreen
          title={t('history.requestsTitle')}
          search={search}
          onSearchChange={onSearchChange}
          columns={requestColumns}
          rows={requests.data?.data}
          total={requests.data?.paging.total}
          isFetching={requests.isFetching}
          error={requests.error}
          rowKey={(row) => row.request_id}
          emptyText={t('history.requestsEmpty')}
          exportFileName="deposit-requests"
          today={today}
        />
      ) : undefined}
    </Stack>
  );
}
