import { type ProblemCode, problemType } from '@ledger/contracts';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ProblemInit = {
  status: ContentfulStatusCode;
  code: ProblemCode | (string & {});
  title: string;
  detail?: string;
  errors?: { path: string; code: string; message: string }[];
  headers?: Record<string, string>;
};

/**
 * A failure a handler reports to the client as RFC 9457 problem details with a stable `code`.
 * Thrown from handlers; `app.onError` turns it into the response.
 */
export class ProblemError extends Error {
  readonly problem: ProblemInit;
  constructor(problem: ProblemInit) {
    super(`${problem.code}: ${problem.title}`);
    this.name = 'ProblemError';
    this.problem = problem;
  }
}

/**
 * The JSON text of a problem: `instance` is the request's path, `requestId` its id (so support can
 * find the request in the logs). The one rendering for Hono's answers and the direct routes'.
 */
export function problemText(problem: ProblemInit, instance: string, requestId: unknown): string {
  return JSON.stringify({
    type: problemType(problem.code),
    title: problem.title,
    status: problem.status,
    code: problem.code,
    ...(problem.detail === undefined ? {} : { detail: problem.detail }),
    instance,
    ...(typeof requestId === 'string' ? { requestId } : {}),
    ...(problem.errors === undefined ? {} : { errors: problem.errors }),
  });
}

/** The headers of a problem answer: its content type and the problem's own headers. */
export function problemHeaders(problem: ProblemInit): Record<string, string> {
  return { 'content-type': 'application/problem+json', ...problem.headers };
}

/** The problem response, with the request id so support can find the request in the logs. */
export function problemResponse(c: Context, problem: ProblemInit): Response {
  const text = problemText(problem, new URL(c.req.url).pathname, c.get('requestId'));
  return c.body(text, problem.status, problemHeaders(problem));
}
