/** The mailer port: identity sends codes and notices through it, never knowing how. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The member the mail concerns, so an erasure can find what the outbox kept. */
  memberSeq: number | null;
};

export type Mailer = { send(mail: Mail): Promise<void> };
