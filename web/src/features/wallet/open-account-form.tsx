import { accountTitleLengthMax, type WalletAccount, type WalletAsset } from '@ledger/contracts';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openAccountMutation } from '../../lib/queries/wallet-api.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { type FieldProblem, titleProblem } from '../../ui-kit/forms/wallet-validation.ts';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';

export type OpenAccountFormProps = {
  assets: WalletAsset[];
  /** The asset chosen first (the asset list's "open account" button). */
  initialAsset?: string | undefined;
  onDone: (account: WalletAccount) => void;
  onCancel: () => void;
};

/**
 * SPEC §2 account creation: an asset and a title. One Idempotency-Key per submission, kept when
 * the same submission is retried, so a retry never opens a second account.
 */
export function OpenAccountForm({ assets, initialAsset, onDone, onCancel }: OpenAccountFormProps) {
  const { t } = useTranslation('wallet');
  const submissionKey = useSubmissionKey();
  const [asset, setAsset] = useState(initialAsset ?? '');
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<{
    asset?: FieldProblem | undefined;
    title?: FieldProblem | undefined;
  }>({});
  const open = useMutation({
    ...openAccountMutation(),
    onSuccess: (account) => {
      submissionKey.renew();
      onDone(account);
    },
  });
  const edited = (set: (value: string) => void) => (value: string) => {
    submissionKey.renew();
    set(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      asset: asset === '' ? ('required' as const) : undefined,
      title: titleProblem(title),
    };
    setProblems(found);
    if (found.asset !== undefined || found.title !== undefined) return;
    open.mutate({
      fields: { asset, title: title.trim() },
      idempotencyKey: submissionKey.current(),
    });
  };
  const message = (problem: FieldProblem | undefined) =>
    problem === undefined ? undefined : t(`form.${problem}`, { max: accountTitleLengthMax });
  return (
    <form onSubmit={submit} aria-label={t('open.formLabel')} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label={t('open.asset')}
          required
          value={asset}
          error={message(problems.asset)}
          data={[
            { value: '', label: t('open.chooseAsset') },
            ...assets.map((candidate) => ({ value: candidate.asset, label: candidate.asset })),
          ]}
          onChange={(event) => edited(setAsset)(event.currentTarget.value)}
        />
        <TextInput
          label={t('open.title')}
          description={t('open.titleHint', { max: accountTitleLengthMax })}
          required
          value={title}
          maxLength={accountTitleLengthMax + 10}
          error={message(problems.title)}
          onChange={(event) => edited(setTitle)(event.currentTarget.value)}
        />
        <FailureAlert error={open.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={open.isPending}>
            {t('open.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
