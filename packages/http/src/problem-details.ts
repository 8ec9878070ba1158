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

/** The problem response, with the request id so support can find the request in the logs. */
export function problemResponse(c: Context, problem: ProblemInit): Response {
  const requestId: unknown = c.get('requestId');
  const body = {
    type: problemType(problem.code),
    title: problem.title,
    status: problem.status,
    code: problem.code,
    ...(problem.detail === undefined ? {} : { detail: problem.detail }),
    instance: new URL(c.req.url).pathname,
    ...(typeof requestId === 'string' ? { requestId } : {}),
    ...(problem.errors === undefined ? {} : { errors: problem.errors }),
  };
  return c.body(JSON.stringify(body), problem.status, {
    'content-type': 'application/problem+json',
    ...problem.headers,
  });
}
