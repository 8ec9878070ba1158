import { Anchor, Group, Text } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link, redirect } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../lib/api-failure.ts';
import { parseAccountSeq } from '../../lib/path-params.ts';
import { memberDetailQuery } from '../../lib/queries/admin-member-queries.ts';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { DetailLayout } from '../../ui-kit/detail/detail-layout.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { AccountStatusBadge } from '../../ui-kit/ledger/account-status-badge.tsx';
import { adminAccountQuery } from './admin-ledger-api.ts';

/** The account view's tabs (SPEC §2 account/{seq}/view and /balance-log). */
export const accountTabs = ['view', 'balance-log'] as const;
export type AccountTab = (typeof accountTabs)[number];

const tabScreens = { view: 'accountView', 'balance-log': 'accountBalanceLog' } as const;
const tabLabels = { view: 'detail.tabs.view', 'balance-log': 'detail.tabs.balanceLog' } as const;

/** The account view's loader: a path naming no account goes to /404 naming the account. */
export async function loadAccountOrNotFound(
  queryClient: QueryClient,
  value: string,
): Promise<void> {
  const notFound = () => redirect({ to: '/404', search: { resource: 'account' }, replace: true });
  const seq = parseAccountSeq(value);
  if (seq === undefined) throw notFound();
  try {
    await queryClient.ensureQueryData(adminAccountQuery(seq));
  } catch (error) {
    if (toApiFailure(error).code === 'account_not_found') throw notFound();
  }
}

/** The tab an account-view path names (its last segment). */
export function accountTabOf(pathname: string): AccountTab {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return (accountTabs as readonly string[]).includes(last ?? '') ? (last as AccountTab) : 'view';
}

/** The frame of the account view: number, owner, status, back to account/list, one tab per screen. */
export function AccountDetailFrame(props: { seq: number; tab: AccountTab; children: ReactNode }) {
  const { t } = useTranslation('admin-ledger');
  const { t: tAdmin } = useTranslation('admin');
  const account = useQuery(adminAccountQuery(props.seq));
  // The owner's user id, to name the member (the account row only has its seq).
  const owner = useQuery({
    ...memberDetailQuery(account.data?.member_seq ?? 0),
    enabled: account.data !== undefined,
  });
  const tabs = accountTabs.map((tab) => ({
    value: tab,
    label: t(tabLabels[tab]),
    href: `/admin/account/${props.seq}/${tab}`,
  }));
  const identity =
    account.data === undefined ? undefined : (
      <Group gap="sm">
        <Text fw={600} ff="monospace">
          {account.data.account_number}
        </Text>
        <Anchor component={Link} to={memberViewHref(account.data.member_seq)} size="sm">
          {owner.data?.user_id ?? t('columns.memberSeq', { seq: account.data.member_seq })}
        </Anchor>
        <AccountStatusBadge status={account.data.status} />
      </Group>
    );
  return (
    <DetailLayout
      title={tAdmin(`screens.${tabScreens[props.tab]}`)}
      backHref="/admin/account/list"
      tabs={tabs}
      activeTab={props.tab}
      actions={identity}
    >
      <FailureAlert error={account.error} />
      {props.children}
    </DetailLayout>
  );
}
