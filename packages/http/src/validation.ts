import type { ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { type FieldError, type ProblemInit, problemResponse } from './problem-details.ts';

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
    const result = await checked(schema, value);
    if (result.success) return result.data;
    return problemResponse(c, validationProblem(result.error));
  });
  // The OpenAPI document is generated from these (openapi.ts).
  return Object.assign(middleware, {
    [validationSpec]: { target, schema } satisfies ValidationSpec,
  });
}

/** The schema applied synchronously, or asynchronously when it has async refinements. */
function checked<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.ZodSafeParseResult<z.output<Schema>> | Promise<z.ZodSafeParseResult<z.output<Schema>>> {
  try {
    return schema.safeParse(value);
  } catch (error) {
    if (!(error instanceof z.core.$ZodAsyncError)) throw error;
    return schema.safeParseAsync(value);
  }
}

/** The 400 problem of a failed validation, one entry per issue (its message said per locale). */
export function validationProblem(error: z.ZodError): ProblemInit {
  return {
    status: 400,
    code: 'validation_failed',
    errors: error.issues.flatMap(decisiveIssues).map((issue) => ({
      path: issue.path.map(String).join('.'),
      code: issueCode(issue),
      message: issue.message,
      ...boundsOf(issue),
    })),
  };
}

/** The bound a too_big or too_small issue names, and whether it counts characters or items. */
function boundsOf(issue: z.core.$ZodIssue): Pick<FieldError, 'params' | 'messageCase'> {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return {};
  const params =
    issue.code === 'too_big'
      ? { maximum: String(issue.maximum) }
      : { minimum: String(issue.minimum) };
  const origin: string = issue.origin;
  if (origin !== 'string' && origin !== 'array') return { params };
  return { params, messageCase: `${issue.code}.${origin}` };
}

/** The 415 of a non-empty request body that does not say it is JSON (every route reads JSON). */
export const notJsonProblem: ProblemInit = Object.freeze({
  status: 415,
  code: 'unsupported_media_type',
});

/**
 * A union's failure names the one branch the value had the type of (a string refused as text, not
 * "no branch matched"), so its field-level code reaches the client; otherwise the union's issue.
 */
function decisiveIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const typed = issue.errors.filter((branch) =>
    branch.some((inner) => inner.code !== 'invalid_type'),
  );
  const [branch] = typed;
  if (typed.length !== 1 || branch === undefined) return [issue];
  return branch.flatMap((inner) =>
    decisiveIssues({ ...inner, path: [...issue.path, ...inner.path] }),
  );
}

/** zod's code of an issue, or the field-level code a custom check names (`text_invalid`). */
function issueCode(issue: z.core.$ZodIssue): string {
  const named = issue.code === 'custom' ? issue.params?.code : undefined;
  return typeof named === 'string' ? named : issue.code;
}

/** Hono's validator's JSON media types (`application/json`, `application/*+json`). */
const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

/**
 * `validate('json', schema)` for a body already read as text (a direct route, direct-routes.ts):
 * the same steps as Hono's validator and `validate` above. A body without a JSON content type is
 * validated as `{}` (the direct path leaves a non-empty one to Hono, which answers 415
 * `notJsonProblem`, serve.ts); malformed JSON throws the same 400 HTTPException (the kit's error mapping
 * answers `bad_request`); a schema failure is the same `validation_failed` problem.
 */
export function validateJsonText<Schema extends z.ZodType>(
  schema: Schema,
  contentType: string | undefined,
  text: string,
): JsonTextResult<Schema> | Promise<JsonTextResult<Schema>> {
  let value: unknown = {};
  if (contentType !== undefined && isJsonMediaType(contentType)) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new HTTPException(400, { message: 'Malformed JSON in request body' });
    }
  }
  // Synchronous for a schema without async refinements (the money routes'): no promise per request.
  const result = checked(schema, value);
  return result instanceof Promise ? result.then(jsonTextResult) : jsonTextResult(result);
}

/** validateJsonText's answer: the parsed body, or the problem of a schema failure. */
export type JsonTextResult<Schema extends z.ZodType> =
  | { ok: true; data: z.output<Schema> }
  | { ok: false; problem: ProblemInit };

function jsonTextResult<Output>(
  result: z.ZodSafeParseResult<Output>,
): { ok: true; data: Output } | { ok: false; problem: ProblemInit } {
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, problem: validationProblem(result.error) };
}

/** The media type before any parameter, as Hono's validator compares it (`jsonMediaType`). */
export function isJsonMediaType(contentType: string): boolean {
  // The plain form, as clients send it, without splitting and lower-casing.
  if (contentType === 'application/json') return true;
  return jsonMediaType.test((contentType.split(';')[0] ?? '').trim().toLowerCase());
}

/** The request part and schema a `validate` middleware checks. */
export type ValidationSpec = { target: keyof ValidationTargets; schema: z.ZodType };

const validationSpec = Symbol('ledger.validation');

/** The validation a handler performs, if it was made by `validate`. */
export function validationSpecOf(handler: unknown): ValidationSpec | undefined {
  if (typeof handler !== 'function') return undefined;
  return (handler as { [validationSpec]?: ValidationSpec })[validationSpec];
}
