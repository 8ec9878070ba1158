import type { Withdrawal } from '@ledger/contracts';
import { Anchor, Badge, Button, Code, Group, Menu, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  feeText,
  statusColor,
  useRefusalText,
  useWithdrawLabels,
} from '../../i18n/labels/withdraw-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { extraValuesText } from '../../ui-kit/forms/extra-form-fields.tsx';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';

/** An action that needs a text first: a reason (reject, fail) or a txid (complete, key in). */
export type Asking = { kind: 'reject' | 'fail' | 'complete' | 'keyIn'; row: Withdrawal };

export type WithdrawRowActions = {
  approve: (row: Withdrawal) => void;
  resend: (row: Withdrawal) => void;
  ask: (asking: Asking) => void;
};

const isOpenBeforeSent = (row: Withdrawal) =>
  (row.status === 'requested' || row.status === 'approved') && row.hold === 'placed';

/**
 * The withdraw/list columns (their text is what the export writes) and each row's actions:
 * approve or reject before sending; after sending, re-send, key in a txid, complete or fail.
 */
export function useWithdrawColumns(actions: WithdrawRowActions): ListColumn<Withdrawal>[] {
  const { t } = useTranslation('admin-withdrawals');
  const locale = useAtomValue(localeAtom);
  const labels = useWithdrawLabels();
  const refusalText = useRefusalText();
  return [
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    {
      accessor: 'member_seq',
      title: t('columns.member'),
      text: (row) => String(row.member_seq),
      render: (row) => (
        <Anchor component={Link} to={memberViewHref(row.member_seq)} size="sm">
          {row.member_seq}
        </Anchor>
      ),
    },
    {
      accessor: 'account_seq',
      title: t('columns.account'),
      text: (row) => String(row.account_seq),
    },
    {
      accessor: 'holder_name',
      title: t('columns.holderName'),
      text: (row) => row.holder_name ?? '',
    },
    {
      accessor: 'extra',
      title: t('columns.extra'),
      text: (row) => extraValuesText(row.extra),
    },
    { accessor: 'asset', title: t('columns.asset'), text: (row) => row.asset },
    {
      accessor: 'request_amount',
      title: t('columns.requestAmount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.request_amount, locale, { decimalPoint: row.decimal_point }),
      render: (row) => (
        <AmountText amount={row.request_amount} decimalPoint={row.decimal_point} size="sm" />
      ),
    },
    {
      accessor: 'fee_amount',
      title: t('columns.fee'),
      textAlign: 'right',
      text: (row) => `${feeText(row, locale)} (${labels.feeType(row.fee_type)})`,
    },
    {
      accessor: 'net_amount',
      title: t('columns.netAmount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.net_amount, locale, { decimalPoint: row.decimal_point }),
      render: (row) => (
        <AmountText amount={row.net_amount} decimalPoint={row.decimal_point} size="sm" />
      ),
    },
    {
      accessor: 'withdraw_address',
      title: t('columns.address'),
      text: (row) => row.withdraw_address,
    },
    { accessor: 'bank_code', title: t('columns.bankCode'), text: (row) => row.bank_code ?? '' },
    {
      accessor: 'txid',
      title: t('columns.txid'),
      text: (row) => row.confirmed_txid ?? row.txid ?? '',
      // The whole txid is in the export and the title; the cell shows its start.
      render: (row) => {
        const txid = row.confirmed_txid ?? row.txid;
        return txid === null ? '' : <Code title={txid}>{`${txid.slice(0, 12)}…`}</Code>;
      },
    },
    {
      accessor: 'status',
      title: t('columns.status'),
      text: (row) =>
        row.refusal === null
          ? labels.status(row.status)
          : `${labels.status(row.status)}: ${refusalText(row.refusal.type)}`,
      render: (row) => (
        <Stack gap={2}>
          <Badge color={statusColor(row.status)}>{labels.status(row.status)}</Badge>
          {row.refusal === null ? undefined : (
            <Text size="xs" c="dimmed">
              {refusalText(row.refusal.type)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('columns.actions'),
      text: () => '',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {row.status === 'requested' && row.hold === 'placed' ? (
            <Button size="compact-xs" onClick={() => actions.approve(row)}>
              {t('actions.approve')}
            </Button>
          ) : undefined}
          {isOpenBeforeSent(row) ? (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              onClick={() => actions.ask({ kind: 'reject', row })}
            >
              {t('actions.reject')}
            </Button>
          ) : undefined}
          {(row.status === 'sent' && row.confirmed_txid === null) || row.status === 'approved' ? (
            <Menu withinPortal>
              <Menu.Target>
                <Button size="compact-xs" variant="default">
                  {t('actions.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {row.status === 'sent' ? (
                  <Menu.Item onClick={() => actions.resend(row)}>{t('actions.resend')}</Menu.Item>
                ) : undefined}
                <Menu.Item onClick={() => actions.ask({ kind: 'keyIn', row })}>
                  {t('actions.keyIn')}
                </Menu.Item>
                {row.status === 'sent' ? (
                  <>
                    <Menu.Item onClick={() => actions.ask({ kind: 'complete', row })}>
                      {t('actions.complete')}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => actions.ask({ kind: 'fail', row })}>
                      {t('actions.fail')}
                    </Menu.Item>
                  </>
                ) : undefined}
              </Menu.Dropdown>
            </Menu>
          ) : undefined}
        </Group>
      ),
    },
  ];
}
