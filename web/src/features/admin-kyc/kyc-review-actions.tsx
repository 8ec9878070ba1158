import { Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { toastFailure } from '../../ui-kit/toasts.ts';
import { type ReviewCommand, type ReviewTarget, reviewMutation } from './admin-kyc-api.ts';

/**
 * The CDD review of one request (SPEC §4: approved or denied, with a valid flag): approve as valid,
 * deny, or once approved switch the valid flag; each through the confirm dialog.
 */
export function KycReviewActions(props: {
  target: ReviewTarget;
  seq: number;
  status: string;
  isValid: boolean;
}) {
  const { t } = useTranslation('admin-kyc');
  const review = useMutation({ ...reviewMutation(props.target), onError: toastFailure });
  const run = async (command: ReviewCommand, message: string, isDestructive = false) => {
    const isConfirmed = await confirmAction({
      title: t('review.confirmTitle', { seq: props.seq }),
      message,
      isDestructive,
    });
    if (isConfirmed) review.mutate({ seq: props.seq, command });
  };
  if (props.status === 'requested') {
    return (
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-xs"
          color="teal"
          loading={review.isPending}
          onClick={() =>
            void run(
              { kind: 'review', decision: 'approved', is_valid: true },
              t('review.approveMessage'),
            )
          }
        >
          {t('review.approve')}
        </Button>
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          loading={review.isPending}
          onClick={() =>
            void run(
              { kind: 'review', decision: 'denied', is_valid: false },
              t('review.denyMessage'),
              true,
            )
          }
        >
          {t('review.deny')}
        </Button>
      </Group>
    );
  }
  if (props.status !== 'approved') return null;
  return (
    <Button
      size="compact-xs"
      variant="default"
      loading={review.isPending}
      onClick={() =>
        void run(
          { kind: 'validity', is_valid: !props.isValid },
          props.isValid ? t('review.invalidateMessage') : t('review.validateMessage'),
          props.isValid,
        )
      }
    >
      {props.isValid ? t('review.invalidate') : t('review.validate')}
    </Button>
  );
}
