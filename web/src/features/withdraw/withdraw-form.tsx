import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefusalText } from '../../i18n/labels/withdraw-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { depositAssetsQuery } from '../../lib/queries/asset-queries.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountInput } from '../../ui-kit/amount/amount-input.tsx';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import {
  checkExtraForm,
  ExtraFormFields,
  type ExtraFormProblem,
  type ExtraFormValues,
} from '../../ui-kit/forms/extra-form-fields.tsx';
import { isCompleteCode, OtpCodeField } from '../../ui-kit/otp/otp-code-field.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  amountProblemOf,
  certifiedAddressesQuery,
  isUsableAddress,
  type WithdrawAccount,
  withdrawAccountsQuery,
} from './withdraw-accounts.ts';
import { requestWithdrawalMutation } from './withdraw-api.ts';
import { withdrawFeeQuote } from './withdraw-fee.ts';

type Problems = {
  account?: string | undefined;
  amount?: string | undefined;
  address?: string | undefined;
  otp?: string | undefined;
};

/**
 * SPEC §2 wallet: the withdrawal application. The member picks one of its accounts, the amount
 * (at most the asset's decimals and the available balance), one of its certified withdraw
 * addresses of the asset (the address, bank code and holder name are the certification's; without
 * one, a link to request a certification), the memo, whether the fee is taken from the amount or
 * charged on top, and confirms with a fresh OTP code (step-up). The fee the asset's catalog names
 * and the net amount show as the amount is typed; a summary (amount, fee, net, address) is
 * confirmed in a dialog before anything is sent. The answer is either "requested" (the amount is held) or "refused"
 * with the ledger's reason (insufficient funds, a limit), shown as such.
 */
export function WithdrawForm() {
  const { t } = useTranslation('withdraw');
  const locale = useAtomValue(localeAtom);
  const submissionKey = useSubmissionKey();
  const accounts = useQuery(withdrawAccountsQuery());
  const usable = (accounts.data ?? []).filter((account) => account.status === 'normal');
  const [accountSeq, setAccountSeq] = useState('');
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [extra, setExtra] = useState<ExtraFormValues>({});
  const [extraProblem, setExtraProblem] = useState<ExtraFormProblem | undefined>();
  const assets = useQuery(depositAssetsQuery());
  const certifications = useQuery(certifiedAddressesQuery());
  const [certificationSeq, setCertificationSeq] = useState('');
  const [feeType, setFeeType] = useState<'deducted' | 'separate'>('deducted');
  const [otp, setOtp] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const request = useMutation({
    ...requestWithdrawalMutation(),
    onSuccess: (answer) => {
      submissionKey.renew();
      setOtp('');
      if (answer.status !== 'refused') {
        setAmount('');
        setExtra({});
        showSuccessToast(t('form.requested'));
      }
    },
  });
  const account: WithdrawAccount | undefined =
    usable.find((candidate) => String(candidate.seq) === accountSeq) ?? usable[0];
  const certified = (certifications.data ?? []).filter(
    (address) => isUsableAddress(address) && address.asset === account?.asset,
  );
  const asset = (assets.data ?? []).find((candidate) => candidate.code === account?.asset);
  const extraForm = asset?.withdraw_extra_form ?? [];
  const quote = withdrawFeeQuote(asset, amount, account?.decimal_point ?? 8, feeType);
  const shown = (value: string, code: string, decimalPoint?: number) =>
    `${formatAmount(value, locale, { decimalPoint })} ${code}`;
  const chosen =
    certified.find((address) => String(address.seq) === certificationSeq) ?? certified[0];
  const edited =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      submissionKey.renew();
      set(value);
    };
  const amountMessage = (problem: ReturnType<typeof amountProblemOf>) =>
    problem === undefined ? undefined : t(`form.${problem}`);
  const summaryLines = () =>
    account === undefined || chosen === undefined
      ? []
      : [
          t('form.summaryAmount', {
            amount: shown(amount.trim(), account.asset, account.decimal_point),
          }),
          quote === undefined
            ? t('form.feeUnknown')
            : t('form.summaryFee', { fee: shown(quote.fee, quote.feeAsset) }),
          ...(quote === undefined
            ? []
            : [t('form.summaryNet', { net: shown(quote.net, account.asset) })]),
          t('form.summaryAddress', { address: chosen.withdraw_address }),
        ];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (account === undefined) return;
    const found: Problems = {
      amount: amountMessage(
        amountProblemOf(amount, account.decimal_point, account.available_balance),
      ),
      address: chosen === undefined ? t('form.certificationRequired') : undefined,
      otp: isCompleteCode(otp) ? undefined : t('form.otpRequired'),
    };
    setProblems(found);
    const checked = checkExtraForm(extraForm, extra);
    setExtraProblem('problem' in checked ? checked : undefined);
    if (
      chosen === undefined ||
      'problem' in checked ||
      Object.values(found).some((problem) => problem !== undefined)
    )
      return;
    const isConfirmed = await confirmAction({
      title: t('form.confirmTitle'),
      message: summaryLines().join(' · '),
      confirmLabel: t('form.submit'),
    });
    if (!isConfirmed) return;
    request.mutate({
      fields: {
        account_seq: account.seq,
        amount,
        withdraw_address_certification_seq: chosen.seq,
        ...(memo.trim() === '' ? {} : { memo: memo.trim() }),
        ...(Object.keys(checked.values).length === 0 ? {} : { extra: checked.values }),
        fee_type: feeType,
        otp_token: otp,
      },
      idempotencyKey: submissionKey.current(),
    });
  };
  const refusalText = useRefusalText();
  const refusal = request.data?.status === 'refused' ? request.data.refusal : null;
  return (
    <Paper withBorder p="md">
      <form onSubmit={(event) => void submit(event)} aria-label={t('form.label')} noValidate>
        <Stack gap="sm">
          <Title order={3}>{t('form.title')}</Title>
          {usable.length === 0 ? <Alert color="gray">{t('form.noAccount')}</Alert> : undefined}
          <NativeSelect
            label={t('form.account')}
            required
            value={account === undefined ? '' : String(account.seq)}
            data={usable.map((candidate) => ({
              value: String(candidate.seq),
              label: `${candidate.title ?? candidate.asset} · ${candidate.asset} (${candidate.account_number})`,
            }))}
            onChange={(event) => edited(setAccountSeq)(event.currentTarget.value)}
          />
          {account === undefined ? undefined : (
            <Text size="sm" c="dimmed">
              {t('form.available', {
                amount: formatAmount(account.available_balance, locale, {
                  decimalPoint: account.decimal_point,
                }),
                asset: account.asset,
              })}
            </Text>
          )}
          <AmountInput
            label={t('form.amount')}
            required
            value={amount}
            decimalPoint={account?.decimal_point ?? 8}
            assetCode={account?.asset ?? ''}
            error={problems.amount}
            onChange={edited(setAmount)}
          />
          <SegmentedControl
            aria-label={t('form.feeType')}
            value={feeType}
            onChange={(value) => edited(setFeeType)(value as 'deducted' | 'separate')}
            data={[
              { value: 'deducted', label: t('feeType.deducted') },
              { value: 'separate', label: t('feeType.separate') },
            ]}
          />
          {certified.length === 0 ? (
            <Alert color="yellow" title={t('form.noCertifiedTitle')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('form.noCertified', { asset: account?.asset ?? '' })}</Text>
                {problems.address === undefined ? undefined : (
                  <Text size="sm" c="red">
                    {problems.address}
                  </Text>
                )}
                <Button component={Link} to="/my-page/kyc" variant="light" size="xs">
                  {t('form.requestCertification')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <NativeSelect
              label={t('form.certifiedAddress')}
              description={t('form.certifiedHint')}
              required
              value={chosen === undefined ? '' : String(chosen.seq)}
              data={certified.map((candidate) => ({
                value: String(candidate.seq),
                label: [candidate.withdraw_address, candidate.bank_code, candidate.holder_name]
                  .filter((part) => part !== null && part !== '')
                  .join(' · '),
              }))}
              onChange={(event) => edited(setCertificationSeq)(event.currentTarget.value)}
            />
          )}
          <TextInput
            label={t('form.memo')}
            autoComplete="off"
            value={memo}
            onChange={(event) => edited(setMemo)(event.currentTarget.value)}
          />
          <ExtraFormFields
            form={extraForm}
            values={extra}
            problem={extraProblem}
            onChange={edited(setExtra)}
          />
          {quote === undefined && amount.trim() !== '' ? (
            <Text size="sm" c="dimmed">
              {t('form.feeUnknown')}
            </Text>
          ) : quote === undefined ? undefined : (
            <Text size="sm">
              {t('form.feeLine', {
                fee: shown(quote.fee, quote.feeAsset),
                net: shown(quote.net, account?.asset ?? ''),
              })}
            </Text>
          )}
          <OtpCodeField
            value={otp}
            label={t('form.otp')}
            description={t('form.otpHint')}
            error={problems.otp}
            onChange={edited(setOtp)}
          />
          {refusal === null || refusal === undefined ? undefined : (
            <Alert color="red" title={t('form.refusedTitle')}>
              {refusalText(refusal.type)}
            </Alert>
          )}
          <FailureAlert error={request.error} />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={request.isPending}
              disabled={account === undefined || chosen === undefined}
            >
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
