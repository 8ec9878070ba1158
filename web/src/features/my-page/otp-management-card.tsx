import type { OtpSchema } from '@ledger/contracts';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { otpListQueryOptions } from '../../lib/session/otp-list.ts';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { isCompleteCode, OtpCodeField } from '../../ui-kit/otp/otp-code-field.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast, toastFailure } from '../../ui-kit/toasts.ts';
import { deactivateOtpMutation, type OtpRegistration, registerOtpMutation } from './my-page-api.ts';
import { OtpSetup } from './otp-setup.tsx';
import { useEndSession } from './use-end-session.ts';

type Otp = z.infer<typeof OtpSchema>;

const statusColors = { registered: 'orange', active: 'teal', deactivated: 'gray' } as const;

/** Deactivating an active OTP: a current code (where settings ask), then every session ends. */
function DeactivateDialog(props: { otp: Otp | undefined; onClose: () => void }) {
  const { t } = useTranslation('my-page');
  const endSession = useEndSession();
  const [code, setCode] = useState('');
  const deactivate = useMutation({
    ...deactivateOtpMutation(),
    onSuccess: ({ sessionsEnded }) => {
      props.onClose();
      if (sessionsEnded) void endSession(t('otp.deactivated'));
      else showSuccessToast(t('otp.deactivatedWithoutLogout'));
    },
  });
  const close = () => {
    setCode('');
    deactivate.reset();
    props.onClose();
  };
  const submit = () => {
    if (props.otp === undefined || deactivate.isPending) return;
    deactivate.mutate({ otpId: props.otp.otp_id, code: isCompleteCode(code) ? code : undefined });
  };
  return (
    <Modal
      opened={props.otp !== undefined}
      onClose={close}
      title={t('otp.deactivateDialog.title')}
      centered
      closeButtonProps={{ 'aria-label': t('otp.deactivateDialog.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('otp.deactivateDialog.description')}</Text>
          <OtpCodeField value={code} onChange={setCode} />
          <FailureAlert error={deactivate.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('otp.deactivateDialog.cancel')}
            </Button>
            <Button type="submit" color="red" loading={deactivate.isPending}>
              {t('otp.deactivateDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * SPEC §2 OTP management (SPEC §4: registered, activated, deactivated): the member's OTPs, a new
 * registration with its QR code and activation, cancelling a registration never activated, and
 * deactivating an active one where settings allow (the server says when they do not).
 */
export function OtpManagementCard() {
  const { t } = useTranslation('my-page');
  const otps = useQuery(otpListQueryOptions());
  const submissionKey = useSubmissionKey();
  const [setup, setSetup] = useState<OtpRegistration | undefined>(undefined);
  const [deactivating, setDeactivating] = useState<Otp | undefined>(undefined);
  const register = useMutation({
    ...registerOtpMutation(),
    onSuccess: (registration) => {
      submissionKey.renew();
      setSetup(registration);
    },
  });
  const cancel = useMutation({
    ...deactivateOtpMutation(),
    onSuccess: (_answer, { otpId }) => {
      if (setup?.otp_id === otpId) setSetup(undefined);
      showSuccessToast(t('otp.cancelled'));
    },
    onError: toastFailure,
  });
  const askToCancel = async (otpId: string) => {
    const isConfirmed = await confirmAction({
      title: t('otp.cancelConfirm.title'),
      message: t('otp.cancelConfirm.message'),
      confirmLabel: t('otp.cancelConfirm.confirm'),
    });
    if (isConfirmed) cancel.mutate({ otpId });
  };
  const rows = otps.data ?? [];
  return (
    <MyPageSection title={t('otp.title')} description={t('otp.intro')}>
      <FailureAlert error={otps.error} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {otps.isPending ? t('otp.loading') : t('otp.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label={t('otp.listLabel')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('otp.columns.registered')}</Table.Th>
                <Table.Th>{t('otp.columns.status')}</Table.Th>
                <Table.Th>{t('otp.columns.activated')}</Table.Th>
                <Table.Th>{t('otp.columns.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((otp) => (
                <Table.Tr key={otp.otp_id}>
                  <Table.Td>
                    <DateTimeText value={otp.regdate} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColors[otp.status]}>
                      {t(`otp.status.${otp.status}`)}
                    </Badge>
                    {otp.status === 'registered' && setup?.otp_id !== otp.otp_id ? (
                      <Text size="xs" c="dimmed" mt={4}>
                        {t('otp.keyShownOnce')}
                      </Text>
                    ) : undefined}
                  </Table.Td>
                  <Table.Td>
                    {otp.activated_date === null ? (
                      t('otp.notActivated')
                    ) : (
                      <DateTimeText value={otp.activated_date} size="sm" />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {otp.status === 'active' ? (
                      <Button
                        size="compact-sm"
                        color="red"
                        variant="light"
                        onClick={() => setDeactivating(otp)}
                      >
                        {t('otp.deactivate')}
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={cancel.isPending && cancel.variables?.otpId === otp.otp_id}
                        onClick={() => void askToCancel(otp.otp_id)}
                      >
                        {t('otp.cancel')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {setup === undefined ? (
        <>
          <FailureAlert error={register.error} />
          <Group>
            <Button
              loading={register.isPending}
              onClick={() => register.mutate(submissionKey.current())}
            >
              {t('otp.register')}
            </Button>
          </Group>
        </>
      ) : (
        <OtpSetup
          registration={setup}
          isAborting={cancel.isPending}
          onAbort={() => cancel.mutate({ otpId: setup.otp_id })}
        />
      )}
      <DeactivateDialog otp={deactivating} onClose={() => setDeactivating(undefined)} />
    </MyPageSection>
  );
}
