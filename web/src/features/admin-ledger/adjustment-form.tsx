import type { Adjustment, AdminWalletAccount } from '@ledger/contracts';
import { ledgerReasonLengthMax } from '@ledger/contracts';
import {
  Alert,
  Button,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalsOf } from '../../ui-kit/amount/amount-format.ts';
import { AmountInput } from '../../ui-kit/amount/amount-input.tsx';
import { isPhraseTyped, makeVerificationPhrase } from '../../ui-kit/dialogs/verification-phrase.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { amountProblem, minorUnits } from '../../ui-kit/forms/wallet-validation.ts';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import {
  type AdjustmentProposal,
  ledgerSettingsQuery,
  proposeAdjustmentMutation,
} from './admin-ledger-api.ts';
import { reasonProblem } from './ledger-admin-validation.ts';

type Direction = AdjustmentProposal['direction'];
type Problems = { amount?: string | undefined; reason?: string | undefined };

export type AdjustmentFormProps = {
  account: AdminWalletAccount;
  onDone: (adjustment: Adjustment) => void;
  onCancel: () => void;
  /** The phrase to type (tests); a random one when absent. */
  phrase?: string | undefined;
};

/**
 * SPEC §6 forced balance adjustment (administrators only): direction, amount and a reason that
 * can never change afterwards, under the SPEC's warning of civil and criminal liability. The
 * button stays disabled until the displayed verification phrase is typed (SPEC §5). Above the
 * single-approval threshold (setting `ledger.adjustmentSingleApprovalMax`; none for an asset =
 * always) the proposal waits for a second administrator: the form says which, once an amount
 * is typed (the server decides again when the proposal arrives).
 */
function needsSecondApproval(
  amount: string,
  decimalPoint: number,
  maximum: string | undefined,
): boolean {
  if (maximum === undefined || decimalsOf(maximum) > decimalPoint) return true;
  return minorUnits(amount, decimalPoint) > minorUnits(maximum, decimalPoint);
}

export function AdjustmentForm({ account, onDone, onCancel, phrase }: AdjustmentFormProps) {
  const { t } = useTranslation('admin-ledger');
  const submissionKey = useSubmissionKey();
  const [shownPhrase] = useState(() => phrase ?? makeVerificationPhrase());
  const phraseId = useId();
  const [direction, setDirection] = useState<Direction>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const policy = useQuery(ledgerSettingsQuery()).data;
  const propose = useMutation({
    ...proposeAdjustmentMutation(),
    onSuccess: (adjustment) => {
      submissionKey.renew();
      onDone(adjustment);
    },
  });
  const edited =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      submissionKey.renew();
      set(value);
    };
  const isTyped = isPhraseTyped(shownPhrase, typed);
  const approvalNote =
    policy === undefined || amountProblem(amount, account.decimal_point, undefined) !== undefined
      ? undefined
      : needsSecondApproval(
            amount,
            account.decimal_point,
            policy['ledger.adjustmentSingleApprovalMax'][account.asset],
          )
        ? t('adjust.secondApprovalNeeded')
        : t('adjust.singleApproval');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isTyped) return;
    // A debit cannot take more than is available; a credit has no upper bound here.
    const amountFound = amountProblem(
      amount,
      account.decimal_point,
      direction === 'debit' ? account.available_balance : undefined,
    );
    const reasonFound = reasonProblem(reason);
    const found: Problems = {
      amount: amountFound === undefined ? undefined : t(`form.${amountFound}`),
      reason:
        reasonFound === undefined
          ? undefined
          : t(`form.${reasonFound}`, { max: ledgerReasonLengthMax }),
    };
    setProblems(found);
    if (found.amount !== undefined || found.reason !== undefined) return;
    propose.mutate({
      fields: { account_seq: account.seq, direction, amount, reason },
      idempotencyKey: submissionKey.current(),
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('adjust.formLabel')} noValidate>
      <Stack gap="sm">
        <Alert color="red" title={t('adjust.warningTitle')} role="note">
          {t('adjust.warning')}
        </Alert>
        <Text size="sm">
          {t('adjust.target', { number: account.account_number, asset: account.asset })}
        </Text>
        <SegmentedControl
          aria-label={t('adjust.direction')}
          value={direction}
          onChange={(value) => edited(setDirection)(value as Direction)}
          data={[
            { value: 'credit', label: t('direction.credit') },
            { value: 'debit', label: t('direction.debit') },
          ]}
        />
        <AmountInput
          label={t('adjust.amount')}
          required
          value={amount}
          decimalPoint={account.decimal_point}
          assetCode={account.asset}
          error={problems.amount}
          onChange={edited(setAmount)}
        />
        {approvalNote === undefined ? undefined : (
          <Text size="sm" c="dimmed" role="status">
            {approvalNote}
          </Text>
        )}
        <Textarea
          label={t('adjust.reason')}
          description={t('adjust.reasonHint', { max: ledgerReasonLengthMax })}
          required
          rows={3}
          value={reason}
          error={problems.reason}
          onChange={(event) => edited(setReason)(event.currentTarget.value)}
        />
        <Text size="sm">{t('adjust.phraseInstructions')}</Text>
        <Code block fz="lg" ta="center" id={phraseId} aria-label={t('adjust.phraseLabel')}>
          {shownPhrase}
        </Code>
        <TextInput
          label={t('adjust.phraseInput')}
          aria-describedby={phraseId}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={
            typed !== '' && !isTyped && typed.trim().length >= shownPhrase.length
              ? t('adjust.phraseMismatch')
              : undefined
          }
        />
        <FailureAlert error={propose.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={!isTyped} loading={propose.isPending}>
            {t('adjust.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
