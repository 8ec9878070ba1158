import { type CsFaq, type CsFaqRequest, csLocaleValues } from '@ledger/contracts';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type FaqEntryDialogProps = {
  /** The entry edited, `null` for a new one, undefined while closed. */
  entry: CsFaq | null | undefined;
  faqTypes: { faq_type_id: string; title: string }[];
  isPending: boolean;
  onClose: () => void;
  onSave: (entry: CsFaqRequest) => void;
};

function initialOf(entry: CsFaq | null, faqTypeId: string): CsFaqRequest {
  if (entry !== null) {
    const { faq_type_id, locale, question, answer, list_order } = entry;
    return { faq_type_id, locale, question, answer, list_order };
  }
  return { faq_type_id: faqTypeId, locale: 'ko-KR', question: '', answer: '', list_order: 1 };
}

function FaqEntryForm(props: FaqEntryDialogProps & { entry: CsFaq | null }) {
  const { t } = useTranslation('cs');
  const [value, setValue] = useState(() =>
    initialOf(props.entry, props.faqTypes[0]?.faq_type_id ?? ''),
  );
  const set = (change: Partial<CsFaqRequest>) =>
    setValue((previous) => ({ ...previous, ...change }));
  const isComplete =
    value.question.trim() !== '' && value.answer.trim() !== '' && value.faq_type_id !== '';
  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('faqList.fields.type')}
        value={value.faq_type_id}
        data={props.faqTypes.map((type) => ({ value: type.faq_type_id, label: type.title }))}
        onChange={(event) => set({ faq_type_id: event.currentTarget.value })}
      />
      <NativeSelect
        label={t('faqList.fields.locale')}
        value={value.locale}
        data={[...csLocaleValues]}
        onChange={(event) => set({ locale: event.currentTarget.value as CsFaqRequest['locale'] })}
      />
      <TextInput
        label={t('faqList.fields.question')}
        value={value.question}
        onChange={(event) => set({ question: event.currentTarget.value })}
      />
      <Textarea
        label={t('faqList.fields.answer')}
        value={value.answer}
        rows={4}
        onChange={(event) => set({ answer: event.currentTarget.value })}
      />
      <NumberInput
        label={t('faqList.fields.order')}
        value={value.list_order}
        min={0}
        max={9999}
        allowDecimal={false}
        onChange={(order) => set({ list_order: typeof order === 'number' ? order : 0 })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('faqList.actions.cancel')}
        </Button>
        <Button
          disabled={!isComplete}
          loading={props.isPending}
          onClick={() => props.onSave(value)}
        >
          {t('faqList.actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Writes a new FAQ entry or edits one: type, locale, question, answer and list order. */
export function FaqEntryDialog(props: FaqEntryDialogProps) {
  const { t } = useTranslation('cs');
  const { entry } = props;
  return (
    <Modal
      opened={entry !== undefined}
      onClose={props.onClose}
      title={t('faqList.actions.editTitle')}
    >
      {entry === undefined ? undefined : <FaqEntryForm {...props} entry={entry} />}
    </Modal>
  );
}
