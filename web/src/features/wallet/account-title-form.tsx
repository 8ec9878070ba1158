import { accountTitleLengthMax, type WalletAccount } from '@ledger/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeTitleMutation } from '../../lib/queries/wallet-api.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { type FieldProblem, titleProblem } from '../../ui-kit/forms/wallet-validation.ts';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';

/** SPEC §2 account modification: the account's title (1–50 characters). */
export function AccountTitleForm(props: {
  account: WalletAccount;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('wallet');
  const submissionKey = useSubmissionKey();
  const [title, setTitle] = useState(props.account.title ?? '');
  const [problem, setProblem] = useState<FieldProblem | undefined>(undefined);
  const change = useMutation({
    ...changeTitleMutation(),
    onSuccess: () => {
      submissionKey.renew();
      props.onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = titleProblem(title);
    setProblem(found);
    if (found !== undefined) return;
    change.mutate({
      fields: { seq: props.account.seq, title: title.trim() },
      idempotencyKey: submissionKey.current(),
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('rename.formLabel')} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('rename.title')}
          description={t('open.titleHint', { max: accountTitleLengthMax })}
          required
          data-autofocus
          value={title}
          error={
            problem === undefined ? undefined : t(`form.${problem}`, { max: accountTitleLengthMax })
          }
          onChange={(event) => {
            submissionKey.renew();
            setTitle(event.currentTarget.value);
          }}
        />
        <FailureAlert error={change.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('rename.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
