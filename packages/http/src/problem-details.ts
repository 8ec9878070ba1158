import {
  type FieldMessageCase,
  type MessageLocale,
  type ProblemMessageCase,
  problemType,
  type ServerProblemCode,
} from '@ledger/contracts';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  fieldMessage,
  localizedMessage,
  negotiateLocale,
  type ProblemParams,
} from './problem-messages.ts';

/** A field-level failure of a validation problem; its message is said in the caller's locale. */
export type FieldError = {
  path: string;
  code: string;
  /** The check's own words, kept for a code the field catalog does not know. */
  message: string;
  /** Values the field message names (`{maximum}`, `{minimum}`). */
  params?: ProblemParams;
  /** The code's message for this kind of value (text in characters, lists in items). */
  messageCase?: FieldMessageCase;
};

/**
 * A failure as the services report it: a stable `code` (and which of its messages when the code
 * answers several failures); its title and detail are the catalog's in the caller's locale,
 * picked when the answer is written (problem-messages.ts).
 */
export type ProblemInit = {
  status: ContentfulStatusCode;
  code: ServerProblemCode;
  /** The case of the code, when it answers several failures (`conflict.group_exists`). */
  message?: ProblemMessageCase;
  /**
   * Extension members: values the message names (`{accountsPerAssetMax}`), in the body as well
   * (a member of the problem's own, such as `title`, wins over one of these).
   */
  params?: ProblemParams;
  errors?: FieldError[];
  headers?: Record<string, string>;
};

/**
 * A failure a handler reports to the client as RFC 9457 problem details with a stable `code`.
 * Thrown from handlers; `app.onError` turns it into the response.
 */
export class ProblemError extends Error {
  readonly problem: ProblemInit;
  constructor(problem: ProblemInit) {
    super(
      `${problem.code}: ${localizedMessage(problem.message ?? problem.code, 'en-US', problem.params).title}`,
    );
    this.name = 'ProblemError';
    this.problem = problem;
  }
}

/**
 * The JSON text of a problem in a locale: `instance` is the request's path, `requestId` its id (so
 * support can find the request in the logs). The one rendering for Hono's answers and the direct
 * routes'.
 */
export function problemText(
  problem: ProblemInit,
  instance: string,
  requestId: unknown,
  locale: MessageLocale,
): string {
  const { title, detail } = localizedMessage(
    problem.message ?? problem.code,
    locale,
    problem.params,
  );
  return JSON.stringify({
    ...problem.params,
    type: problemType(problem.code),
    title,
    status: problem.status,
    code: problem.code,
    ...(detail === undefined ? {} : { detail }),
    instance,
    ...(typeof requestId === 'string' ? { requestId } : {}),
    ...(problem.errors === undefined
      ? {}
      : {
          errors: problem.errors.map((error) => ({
            path: error.path,
            code: error.code,
            message: fieldMessage(error, locale),
          })),
        }),
  });
}

/**
 * The headers of a problem answer: its content type, its language (and that the language follows
 * Accept-Language, for caches) and the problem's own.
 */
export function problemHeaders(
  problem: ProblemInit,
  locale: MessageLocale,
): Record<string, string> {
  return {
    'content-type': 'application/problem+json',
    'content-language': locale,
    vary: 'accept-language',
    ...problem.headers,
  };
}

/** The problem response in the request's language (Accept-Language), with the request id. */
export function problemResponse(c: Context, problem: ProblemInit): Response {
  const locale = negotiateLocale(c.req.header('accept-language'));
  const text = problemText(problem, new URL(c.req.url).pathname, c.get('requestId'), locale);
  return c.body(text, problem.status, problemHeaders(problem, locale));
}
