import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Filter inputs of the identity admin lists. Each writes the URL (through `onChange`) only when
 * the user commits a value, so typing does not fire a request per keystroke.
 */

export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {children}
    </Group>
  );
}

/** Free text, sent as `search` when the form is submitted (Enter or the button). */
export function SearchFilter(props: {
  label: string;
  description?: string | undefined;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation('admin-members');
  const [typed, setTyped] = useState(props.value ?? '');
  useEffect(() => setTyped(props.value ?? ''), [props.value]);
  return (
    <form
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        const value = typed.trim();
        props.onChange(value === '' ? undefined : value.slice(0, 100));
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput
          label={props.label}
          description={props.description}
          type="search"
          value={typed}
          maxLength={100}
          onChange={(event) => setTyped(event.currentTarget.value)}
          w={260}
        />
        <Button type="submit" variant="default">
          {t('filters.apply')}
        </Button>
      </Group>
    </form>
  );
}

export type Choice<Value> = { value: Value; label: string };

/** One value of a closed set, or none ("all"); changes apply at once. */
export function ChoiceFilter<Value extends string | number | boolean>(props: {
  label: string;
  value: Value | undefined;
  choices: Choice<Value>[];
  onChange: (value: Value | undefined) => void;
}) {
  const { t } = useTranslation('admin-members');
  const selected = props.choices.findIndex((choice) => choice.value === props.value);
  return (
    <NativeSelect
      label={props.label}
      value={selected < 0 ? '' : String(selected)}
      data={[
        { value: '', label: t('filters.all') },
        ...props.choices.map((choice, index) => ({ value: String(index), label: choice.label })),
      ]}
      onChange={(event) => {
        const index = event.currentTarget.value;
        props.onChange(index === '' ? undefined : props.choices[Number(index)]?.value);
      }}
      w={180}
    />
  );
}

/** A number typed by the user (a member seq), applied on Enter or when the field is left. */
export function SeqFilter(props: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const [typed, setTyped] = useState(props.value === undefined ? '' : String(props.value));
  useEffect(() => setTyped(props.value === undefined ? '' : String(props.value)), [props.value]);
  const commit = () => {
    const value = Number.parseInt(typed, 10);
    const next = Number.isSafeInteger(value) && value >= 1 ? value : undefined;
    if (next !== props.value) props.onChange(next);
    if (next === undefined) setTyped('');
  };
  return (
    <TextInput
      label={props.label}
      inputMode="numeric"
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value.replace(/\D/g, ''))}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      w={140}
    />
  );
}
