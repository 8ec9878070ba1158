import type { WalletAccount, WalletAsset } from '@ledger/contracts';
import { Center, Loader, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { allWalletAccountsQuery } from '../../lib/queries/wallet-api.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { AccountTitleForm } from './account-title-form.tsx';
import { OpenAccountForm } from './open-account-form.tsx';
import { TransferForm } from './transfer-form.tsx';

type Dialog =
  | { kind: 'open'; asset?: string | undefined }
  | { kind: 'rename'; account: WalletAccount }
  | { kind: 'transfer'; account: WalletAccount }
  | undefined;

/**
 * The wallet's dialogs (open an account, rename one, transfer from one), shared by the wallet
 * and the account screen: `element` renders the open one; the functions open them.
 */
export function useWalletDialogs(assets: WalletAsset[] = []): {
  openAccount: (asset?: string) => void;
  rename: (account: WalletAccount) => void;
  transfer: (account: WalletAccount) => void;
  element: ReactNode;
} {
  const { t } = useTranslation('wallet');
  const locale = useAtomValue(localeAtom);
  const [dialog, setDialog] = useState<Dialog>(undefined);
  const accounts = useQuery({ ...allWalletAccountsQuery(), enabled: dialog?.kind === 'transfer' });
  const close = () => setDialog(undefined);
  const titles = {
    open: t('open.dialogTitle'),
    rename: t('rename.dialogTitle'),
    transfer: t('transfer.dialogTitle'),
  };
  let body: ReactNode = null;
  if (dialog?.kind === 'open') {
    body = (
      <OpenAccountForm
        assets={assets}
        initialAsset={dialog.asset}
        onCancel={close}
        onDone={(account) => {
          close();
          showSuccessToast(t('open.done', { number: account.account_number }));
        }}
      />
    );
  } else if (dialog?.kind === 'rename') {
    body = (
      <AccountTitleForm
        account={dialog.account}
        onCancel={close}
        onDone={() => {
          close();
          showSuccessToast(t('rename.done'));
        }}
      />
    );
  } else if (dialog?.kind === 'transfer') {
    // The form opens once the member's accounts are known (its own targets come from them).
    body =
      accounts.data === undefined ? (
        accounts.error === null ? (
          <Center py="md">
            <Loader aria-label={t('transfer.loading')} />
          </Center>
        ) : (
          <FailureAlert error={accounts.error} />
        )
      ) : (
        <TransferForm
          accounts={accounts.data}
          sourceSeq={dialog.account.seq}
          onCancel={close}
          onDone={(summary) => {
            close();
            const amount = formatAmount(summary.amount, locale, {
              decimalPoint: dialog.account.decimal_point,
            });
            showSuccessToast(
              t('transfer.done', { amount, asset: summary.asset, target: summary.target }),
            );
          }}
        />
      );
  }
  return {
    openAccount: (asset) => setDialog({ kind: 'open', asset }),
    rename: (account) => setDialog({ kind: 'rename', account }),
    transfer: (account) => setDialog({ kind: 'transfer', account }),
    element: (
      <Modal
        opened={dialog !== undefined}
        onClose={close}
        title={dialog === undefined ? '' : titles[dialog.kind]}
        centered
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {body}
      </Modal>
    ),
  };
}
