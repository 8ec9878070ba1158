/** A refusal the HTTP edge turns into a problem (RFC 9457) with this status and stable code. */
export class WithdrawalProblem extends Error {
  readonly status: 400 | 403 | 404 | 409 | 422 | 503;
  readonly code: string;
  readonly detail: string | undefined;

  constructor(status: WithdrawalProblem['status'], code: string, title: string, detail?: string) {
    super(title);
    this.name = 'WithdrawalProblem';
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}
