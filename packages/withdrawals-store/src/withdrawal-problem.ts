/**
 * A refusal the HTTP edge turns into a problem (RFC 9457) with this status and stable code; the
 * title is for the logs (the edge says it in the caller's language), `params` are the values its
 * message names (the problem's extension members).
 */
export class WithdrawalProblem extends Error {
  readonly status: 400 | 403 | 404 | 409 | 422 | 503;
  readonly code: string;
  readonly params: Readonly<Record<string, string | number>> | undefined;

  constructor(
    status: WithdrawalProblem['status'],
    code: string,
    title: string,
    params?: Readonly<Record<string, string | number>>,
  ) {
    super(title);
    this.name = 'WithdrawalProblem';
    this.status = status;
    this.code = code;
    this.params = params;
  }
}
