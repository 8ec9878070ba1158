import type { AdminWalletAccount } from '@ledger/contracts';
import { ledgerReasonLengthMax } from '@ledger/contracts';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { changeStatusMutation } from './admin-ledger-api.ts';
import { reasonProblem } from './ledger-admin-validation.ts';

/**
 * SPEC §4 account status change (normal ↔ fraud) through a confirmation: what the change does,
 * the reason (kept in the account's history and the administrators' activity), confirm or cancel.
 */
export function StatusChangeForm(props: {
  account: AdminWalletAccount;
  onDone: (status: 'normal' | 'fraud') => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-ledger');
  const submissionKey = useSubmissionKey();
  // Fixed when the dialog opens: the account is read again (with its new status) before the
  // command's answer comes back, and the dialog must still say what it did.
  const [next] = useState<'normal' | 'fraud'>(() =>
    props.account.status === 'normal' ? 'fraud' : 'normal',
  );
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const change = useMutation({
    ...changeStatusMutation(),
    onSuccess: () => {
      submissionKey.renew();
      props.onDone(next);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reasonProblem(reason);
    setProblem(
      found === undefined ? undefined : t(`form.${found}`, { max: ledgerReasonLengthMax }),
    );
    if (found !== undefined) return;
    change.mutate({
      fields: { seq: props.account.seq, status: next, reason },
      idempotencyKey: submissionKey.current(),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('statusChange.formLabel')}>
      <Stack gap="sm">
        <Alert color={next === 'fraud' ? 'red' : 'blue'}>
          {next === 'fraud' ? t('statusChange.freezeEffect') : t('statusChange.unfreezeEffect')}
        </Alert>
        <Textarea
          label={t('statusChange.reason')}
          required
          rows={3}
          data-autofocus
          value={reason}
          error={problem}
          onChange={(event) => {
            submissionKey.renew();
            setReason(event.currentTarget.value);
          }}
        />
        <FailureAlert error={change.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            color={next === 'fraud' ? 'red' : 'blue'}
            loading={change.isPending}
          >
            {next === 'fraud' ? t('statusChange.confirmFreeze') : t('statusChange.confirmUnfreeze')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
