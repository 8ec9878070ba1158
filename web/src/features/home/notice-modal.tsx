import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeHiddenUntilAtom, noticeSnoozeMs } from './notice-atoms.ts';

/** The notice shown on the home page, with "do not show again for a day" (SPEC §1). */
export function NoticeModal({ now = Date.now }: { now?: () => number }) {
  const { t } = useTranslation('home');
  const [hiddenUntil, setHiddenUntil] = useAtom(noticeHiddenUntilAtom);
  const [isDismissed, setDismissed] = useState(false);
  const [isSnoozed, setSnoozed] = useState(false);
  const close = () => {
    if (isSnoozed) setHiddenUntil(now() + noticeSnoozeMs);
    setDismissed(true);
  };
  return (
    <Modal
      opened={!isDismissed && hiddenUntil <= now()}
      onClose={close}
      title={t('notice.title')}
      centered
    >
      <Stack gap="md">
        <Text style={{ whiteSpace: 'pre-line' }}>{t('notice.body')}</Text>
        <Group justify="space-between">
          <Checkbox
            label={t('notice.snooze')}
            checked={isSnoozed}
            onChange={(event) => setSnoozed(event.currentTarget.checked)}
          />
          <Button onClick={close}>{t('notice.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
