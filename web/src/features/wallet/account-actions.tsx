import type { WalletAccount } from '@ledger/contracts';
import { Anchor, Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type AccountActionHandlers = {
  onRename: (account: WalletAccount) => void;
  onTransfer: (account: WalletAccount) => void;
};

/**
 * The actions of one wallet account row: its history, rename, transfer, and a link to the deposit
 * screen (its own feature) for this account. Other features add their buttons in `extra`.
 */
export function AccountActions(
  props: AccountActionHandlers & { account: WalletAccount; extra?: ReactNode },
) {
  const { t } = useTranslation('wallet');
  const { account } = props;
  const name = account.title ?? account.account_number;
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor
        size="sm"
        renderRoot={(rootProps) => (
          <Link
            {...rootProps}
            to="/wallet/account/$account_seq"
            params={{ account_seq: String(account.seq) }}
          />
        )}
        aria-label={t('accounts.historyOf', { name })}
      >
        {t('accounts.history')}
      </Anchor>
      <Button
        size="compact-xs"
        variant="default"
        aria-label={t('accounts.renameOf', { name })}
        onClick={() => props.onRename(account)}
      >
        {t('accounts.rename')}
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        aria-label={t('accounts.transferFrom', { name })}
        onClick={() => props.onTransfer(account)}
      >
        {t('accounts.transfer')}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        aria-label={t('accounts.depositTo', { name })}
        renderRoot={(rootProps) => (
          <Link
            {...rootProps}
            to="/wallet/deposit"
            search={{ asset: account.asset, account_seq: account.seq }}
          />
        )}
      >
        {t('accounts.deposit')}
      </Button>
      {props.extra}
    </Group>
  );
}
