import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhraseTyped, makeVerificationPhrase } from './verification-phrase.ts';

export type VerificationPhraseFormProps = {
  phrase: string;
  description: string;
  confirmLabel?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The body of the verification-phrase dialog: confirm stays disabled until the phrase is typed. */
export function VerificationPhraseForm(props: VerificationPhraseFormProps) {
  const { t } = useTranslation('kit');
  const [typed, setTyped] = useState('');
  const phraseId = useId();
  const isTyped = isPhraseTyped(props.phrase, typed);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isTyped) props.onConfirm();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{props.description}</Text>
        <Text size="sm">{t('verification.instructions')}</Text>
        <Code block fz="lg" ta="center" id={phraseId} aria-label={t('verification.phraseLabel')}>
          {props.phrase}
        </Code>
        <TextInput
          label={t('verification.inputLabel')}
          aria-describedby={phraseId}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={
            typed !== '' && !isTyped && typed.trim().length >= props.phrase.length
              ? t('verification.mismatch')
              : undefined
          }
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={!isTyped}>
            {props.confirmLabel ?? t('dialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export type PhraseConfirmOptions = {
  title: string;
  description: string;
  confirmLabel?: string | undefined;
  /** The phrase to type; a random one when absent. */
  phrase?: string | undefined;
};

/** Asks for the displayed phrase before a sensitive action; resolves true once it was typed. */
export function confirmWithPhrase(options: PhraseConfirmOptions): Promise<boolean> {
  const phrase = options.phrase ?? makeVerificationPhrase();
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (answer: boolean) => {
      if (isSettled) return;
      isSettled = true;
      modals.close(modalId);
      resolve(answer);
    };
    const modalId = modals.open({
      title: options.title,
      centered: true,
      closeButtonProps: { 'aria-label': i18next.t('dialog.close', { ns: 'kit' }) },
      onClose: () => settle(false),
      children: (
        <VerificationPhraseForm
          phrase={phrase}
          description={options.description}
          confirmLabel={options.confirmLabel}
          onConfirm={() => settle(true)}
          onCancel={() => settle(false)}
        />
      ),
    });
  });
}
