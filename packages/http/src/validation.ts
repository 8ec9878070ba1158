import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { problemResponse } from './problem-details.ts';

/**
 * zod validation for a request part; a failure is a 400 `validation_failed` problem listing each
 * issue by path. Schemas are strict objects, so unknown fields (balance, is_admin, ...) are refused.
 * Hono's `validator` reads the part (a JSON body only with a JSON content type; malformed JSON is
 * a 400); the schema is applied synchronously (`safeParse`: `@hono/zod-validator` always ran
 * `safeParseAsync` and copied the result, a few KiB per request), asynchronously only for a
 * schema with async refinements.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = validator(target, async (value, c) => {
    let result: z.ZodSafeParseResult<z.output<Schema>>;
    try {
      result = schema.safeParse(value);
    } catch (error) {
      if (!(error instanceof z.core.$ZodAsyncError)) throw error;
      result = await schema.safeParseAsync(value);
    }
    if (result.success) return result.data;
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
