import type { WalletAccount } from '@ledger/contracts';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { constantQueryOptions } from '../../lib/constant-query.ts';
import { type TransferFields, transferMutation } from '../../lib/queries/wallet-api.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountInput } from '../../ui-kit/amount/amount-input.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import {
  amountProblem,
  type FieldProblem,
  normalizeAccountNumber,
} from '../../ui-kit/forms/wallet-validation.ts';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';

export type TransferTargetMode = 'own' | 'number';

export type TransferFormProps = {
  /** The member's accounts (the source is one of them). */
  accounts: WalletAccount[];
  /** The account the transfer starts from. */
  sourceSeq: number;
  onDone: (summary: { amount: string; asset: string; target: string }) => void;
  onCancel: () => void;
};

type Problems = { target?: FieldProblem | undefined; amount?: FieldProblem | undefined };

/**
 * SPEC §2 wallet: an internal transfer from one of the member's accounts to another of its
 * accounts in the same asset, or to any account by its number (which the server allows only when
 * the ledger policy does; otherwise its localized refusal is shown). GET /constant publishes the
 * policy: "by account number" is disabled when only own accounts are allowed, and the fee of a
 * transfer to another member is shown. The amount is typed in the locale's separators, at most
 * the asset's decimals, at most the available balance.
 */
export function TransferForm({ accounts, sourceSeq, onDone, onCancel }: TransferFormProps) {
  const { t } = useTranslation('wallet');
  const locale = useAtomValue(localeAtom);
  const submissionKey = useSubmissionKey();
  // Unknown (not loaded, or an older server): the form offers everything and the server decides.
  const policy = useQuery(constantQueryOptions()).data?.ledger;
  const ownOnly = policy?.member_transfer_scope === 'own_accounts';
  const source = accounts.find((account) => account.seq === sourceSeq);
  const targets = accounts.filter(
    (account) => account.seq !== sourceSeq && account.asset === source?.asset,
  );
  const [chosenMode, setMode] = useState<TransferTargetMode>(targets.length > 0 ? 'own' : 'number');
  const mode: TransferTargetMode = ownOnly ? 'own' : chosenMode;
  const [targetSeq, setTargetSeq] = useState(
    targets[0] === undefined ? '' : String(targets[0].seq),
  );
  const [targetNumber, setTargetNumber] = useState('');
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const transfer = useMutation({
    ...transferMutation(),
    onSuccess: (answer) => {
      submissionKey.renew();
      onDone({ amount: answer.amount, asset: answer.asset, target: answer.target_account_number });
    },
  });
  if (source === undefined) return null;
  const edited =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      submissionKey.renew();
      set(value);
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = normalizeAccountNumber(targetNumber);
    const found: Problems = {
      amount: amountProblem(amount, source.decimal_point, source.available_balance),
    };
    if (mode === 'own' && targetSeq === '') found.target = 'required';
    if (mode === 'number') {
      if (targetNumber.trim() === '') found.target = 'required';
      else if (number === undefined) found.target = 'accountNumberInvalid';
      else if (number === source.account_number) found.target = 'sameAccount';
    }
    setProblems(found);
    if (found.amount !== undefined || found.target !== undefined) return;
    const target =
      mode === 'own'
        ? { target_account_seq: Number(targetSeq) }
        : { target_account_number: number ?? '' };
    const fields: TransferFields = { source_account_seq: source.seq, amount, ...target };
    transfer.mutate({ fields, idempotencyKey: submissionKey.current() });
  };
  const message = (problem: FieldProblem | undefined) =>
    problem === undefined ? undefined : t(`form.${problem}`);
  const available = formatAmount(source.available_balance, locale, {
    decimalPoint: source.decimal_point,
  });
  const feeText = policy?.member_transfer_fee[source.asset];
  const fee =
    feeText === undefined
      ? undefined
      : formatAmount(feeText, locale, { decimalPoint: source.decimal_point });
  return (
    <form onSubmit={submit} aria-label={t('transfer.formLabel')} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {t('transfer.from', {
            title: source.title ?? source.account_number,
            number: source.account_number,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('transfer.available', { amount: available, asset: source.asset })}
        </Text>
        {source.status === 'fraud' ? <Alert color="red">{t('transfer.frozen')}</Alert> : undefined}
        <SegmentedControl
          aria-label={t('transfer.targetKind')}
          value={mode}
          onChange={(value) => edited(setMode)(value as TransferTargetMode)}
          data={[
            { value: 'own', label: t('transfer.toOwn') },
            { value: 'number', label: t('transfer.toNumber'), disabled: ownOnly },
          ]}
        />
        {ownOnly ? (
          <Text size="xs" c="dimmed">
            {t('transfer.ownAccountsOnly')}
          </Text>
        ) : undefined}
        {mode === 'own' ? (
          <NativeSelect
            label={t('transfer.target')}
            required
            value={targetSeq}
            error={message(problems.target)}
            data={[
              {
                value: '',
                label:
                  targets.length === 0 ? t('transfer.noOwnTarget') : t('transfer.chooseTarget'),
              },
              ...targets.map((account) => ({
                value: String(account.seq),
                label: `${account.title ?? account.asset} (${account.account_number})`,
              })),
            ]}
            onChange={(event) => edited(setTargetSeq)(event.currentTarget.value)}
          />
        ) : (
          <TextInput
            label={t('transfer.targetNumber')}
            description={t('transfer.targetNumberHint')}
            required
            inputMode="numeric"
            autoComplete="off"
            value={targetNumber}
            error={message(problems.target)}
            onChange={(event) => edited(setTargetNumber)(event.currentTarget.value)}
          />
        )}
        {mode === 'number' && fee !== undefined ? (
          <Text size="sm">{t('transfer.memberFee', { amount: fee, asset: source.asset })}</Text>
        ) : undefined}
        <AmountInput
          label={t('transfer.amount')}
          required
          value={amount}
          decimalPoint={source.decimal_point}
          assetCode={source.asset}
          error={message(problems.amount)}
          onChange={edited(setAmount)}
        />
        <FailureAlert error={transfer.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={transfer.isPending}>
            {t('transfer.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
