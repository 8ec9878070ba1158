import { Alert, Button, Group, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  completeRealnameMutation,
  RealnameAnswerMessageSchema,
  realnamesQuery,
  startRealname,
} from './kyc-api.ts';
import { KycStatusBadge } from './kyc-status-badge.tsx';

/** The popup's name and size: one authority window at a time. */
const popupName = 'ledger-realname';
const popupFeatures = 'popup=yes,width=480,height=680';

/**
 * SPEC §2 self-authentication (real-name authentication): the authority's window opens as a popup
 * on the click (SPEC §5: pop-ups must be allowed; when the browser blocks it, the SPEC's message
 * says so), the authority's answer comes back to this window and is handed to the server, which
 * confirms the member or answers "You cannot authenticate yourself". The history shows authority,
 * validity and expiry, never the personal data.
 */
export function RealnameSection() {
  const { t } = useTranslation('kyc');
  const history = useQuery(realnamesQuery());
  const [isPopupBlocked, setIsPopupBlocked] = useState(false);
  const [startError, setStartError] = useState<unknown>(undefined);
  const [isStarting, setIsStarting] = useState(false);
  const expected = useRef<number | undefined>(undefined);
  const complete = useMutation({
    ...completeRealnameMutation(),
    onSuccess: () => showSuccessToast(t('realname.done')),
  });
  const { mutate } = complete;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const parsed = RealnameAnswerMessageSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.realname_seq !== expected.current) return;
      expected.current = undefined;
      mutate({
        fields: { realname_seq: parsed.data.realname_seq, provider_answer: parsed.data.answer },
        // One answer per authentication: a retry of it is the same request.
        idempotencyKey: `realname-complete-${parsed.data.realname_seq}`,
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [mutate]);

  const authenticate = async () => {
    setIsPopupBlocked(false);
    setStartError(undefined);
    complete.reset();
    // Opened synchronously on the click: a popup opened after an await is blocked.
    const popup = window.open('', popupName, popupFeatures);
    if (popup === null) {
      setIsPopupBlocked(true);
      return;
    }
    setIsStarting(true);
    try {
      const started = await startRealname();
      expected.current = started.seq;
      popup.location.href = new URL(started.providerUrl, window.location.origin).href;
    } catch (error) {
      popup.close();
      setStartError(error);
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <MyPageSection title={t('realname.title')} description={t('realname.hint')}>
      {isPopupBlocked ? (
        <Alert color="orange" role="alert" title={t('realname.popupBlockedTitle')}>
          {t('realname.popupBlocked')}
        </Alert>
      ) : undefined}
      {startError === undefined ? undefined : <FailureAlert error={startError} />}
      {complete.error ? <FailureAlert error={complete.error} /> : undefined}
      <Group>
        <Button onClick={() => void authenticate()} loading={isStarting || complete.isPending}>
          {t('realname.start')}
        </Button>
      </Group>
      <Text size="sm" fw={600}>
        {t('realname.history')}
      </Text>
      {history.data !== undefined && history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('realname.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder aria-label={t('realname.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.seq')}</Table.Th>
                <Table.Th>{t('columns.authority')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.valid')}</Table.Th>
                <Table.Th>{t('columns.expdate')}</Table.Th>
                <Table.Th>{t('columns.regdate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(history.data ?? []).map((row) => (
                <Table.Tr key={row.seq}>
                  <Table.Td>{row.seq}</Table.Td>
                  <Table.Td>{row.authority}</Table.Td>
                  <Table.Td>
                    <KycStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    {row.status === 'authenticated'
                      ? row.is_valid
                        ? t('yes')
                        : t('no')
                      : t('none')}
                  </Table.Td>
                  <Table.Td>
                    {row.expdate === null ? (
                      t('none')
                    ) : (
                      <DateTimeText value={row.expdate} size="sm" />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <DateTimeText value={row.regdate} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </MyPageSection>
  );
}
