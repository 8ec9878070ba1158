// Proves a validation problem names a custom check's own field-level code (text_invalid) instead of zod's "custom", and that a union's failure names the branch the value had the type of, so that code reaches the client.
import { expect, test } from 'vitest';
import { z } from 'zod';
import { validationProblem } from './validation.ts';

const storable = z.string().refine((value) => !value.includes('\u0000'), {
  message: 'no NUL',
  params: { code: 'text_invalid' },
});

function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return validationProblem(result.error).errors;
}

test('a custom check names its own code; other issues keep zod codes', () => {
  const schema = z.strictObject({ title: storable, seq: z.number() });
  expect(errorsOf(schema, { title: 'a\u0000', seq: 'x' })).toEqual([
    { path: 'title', code: 'text_invalid', message: 'no NUL' },
    expect.objectContaining({ path: 'seq', code: 'invalid_type' }),
  ]);
  expect(
    errorsOf(
      z.string().refine(() => false, 'never'),
      'x',
    ),
  ).toEqual([{ path: '', code: 'custom', message: 'never' }]);
});

test('a union names the branch of the value type, or stays one invalid_union', () => {
  const schema = z.strictObject({ answer: z.record(z.string(), z.union([storable, z.boolean()])) });
  expect(errorsOf(schema, { answer: { name: '\u0000' } })).toEqual([
    { path: 'answer.name', code: 'text_invalid', message: 'no NUL' },
  ]);
  expect(errorsOf(schema, { answer: { name: 5 } })).toEqual([
    expect.objectContaining({ path: 'answer.name', code: 'invalid_union' }),
  ]);
});
