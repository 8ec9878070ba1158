import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { problemResponse } from './problem-details.ts';

/**
 * zod validation for a request part; a failure is a 400 `validation_failed` problem listing each
 * issue by path. Schemas are strict objects, so unknown fields (balance, is_admin, ...) are refused.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = zValidator(target, schema, (result, c) => {
    if (result.success) return undefined;
    return problemResponse(c, {
      status: 400,
      code: 'validation_failed',
      title: 'The request is not valid',
      errors: result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        code: issue.code,
        message: issue.message,
      })),
    });
  });
  // The OpenAPI document is generated from these (openapi.ts).
  return Object.assign(middleware, {
    [validationSpec]: { target, schema } satisfies ValidationSpec,
  });
}

/** The request part and schema a `validate` middleware checks. */
export type ValidationSpec = { target: keyof ValidationTargets; schema: z.ZodType };

const validationSpec = Symbol('ledger.validation');

/** The validation a handler performs, if it was made by `validate`. */
export function validationSpecOf(handler: unknown): ValidationSpec | undefined {
  if (typeof handler !== 'function') return undefined;
  return (handler as { [validationSpec]?: ValidationSpec })[validationSpec];
}
