import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FailureAlert } from '../failure-alert.tsx';

export type TextPromptDialogProps = {
  /** Open while a row action waits for its text; closing asks nothing. */
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the administrator should know before typing (a hint, a warning). */
  notice?: ReactNode;
  label: string;
  inputMode?: 'text' | 'numeric';
  /** The text typed so far (the page keeps it, so it decides when it is cleared). */
  value: string;
  onChange: (value: string) => void;
  /** The action's failure, shown above the buttons. */
  error: unknown;
  cancelLabel: string;
  confirmLabel: string;
  isPending?: boolean;
  /** Called on confirm with the trimmed text; never with an empty one. */
  onSubmit: (value: string) => void;
};

/**
 * The dialog a list's row action opens when it needs one text first (a reason, a txid, an account
 * number): the input, the action's failure, cancel and confirm (disabled until something is typed).
 */
export function TextPromptDialog(props: TextPromptDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = props.value.trim();
    if (value !== '') props.onSubmit(value);
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {props.notice}
          <TextInput
            label={props.label}
            required
            inputMode={props.inputMode ?? 'text'}
            value={props.value}
            onChange={(event) => props.onChange(event.currentTarget.value)}
          />
          <FailureAlert error={props.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {props.cancelLabel}
            </Button>
            <Button
              type="submit"
              disabled={props.value.trim() === ''}
              loading={props.isPending === true}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
