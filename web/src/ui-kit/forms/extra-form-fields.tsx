import { type ExtraFieldDefinition, extraFormCheck } from '@ledger/contracts';
import { Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form's extra-form values by field name, as typed. */
export type ExtraFormValues = Record<string, string>;

/** The problem of the first field that is wrong (the server's own check, run on the form). */
export type ExtraFormProblem = { field: string; problem: 'unknown' | 'required' | 'invalid' };

/**
 * The same check the server runs (`extraFormCheck` of @ledger/contracts): the values to send, or
 * the first field's problem.
 */
export function checkExtraForm(
  form: readonly ExtraFieldDefinition[],
  values: ExtraFormValues,
): { values: ExtraFormValues } | ExtraFormProblem {
  return extraFormCheck(form, values);
}

/** A request's stored extra-form values as one line for a list ("name: value, ..."), or ''. */
export function extraValuesText(values: Record<string, string> | null | undefined): string {
  return Object.entries(values ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

/**
 * The fields of an asset's deposit or withdraw extra form, each with the input type
 * and label the administrator defined on asset/list; nothing when the form is empty.
 */
export function ExtraFormFields({
  form,
  values,
  problem,
  onChange,
}: {
  form: readonly ExtraFieldDefinition[];
  values: ExtraFormValues;
  problem?: ExtraFormProblem | undefined;
  onChange: (values: ExtraFormValues) => void;
}): ReactNode {
  const { t } = useTranslation('deposit');
  if (form.length === 0) return null;
  return (
    <Stack gap="sm">
      {form.map((field) => (
        <TextInput
          key={field.name}
          // The label is catalog data an administrator typed for the asset, shown as is.
          label={field.label}
          type={field.type}
          required={field.required}
          autoComplete="off"
          value={values[field.name] ?? ''}
          error={
            problem?.field === field.name
              ? t(problem.problem === 'required' ? 'extra.required' : 'extra.invalid')
              : undefined
          }
          onChange={(event) => onChange({ ...values, [field.name]: event.currentTarget.value })}
        />
      ))}
    </Stack>
  );
}
