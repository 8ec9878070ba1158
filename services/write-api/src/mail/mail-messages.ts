import type { Mail } from './mailer.ts';

/**
 * The mails identity sends. Plain text; the code is on its own line so a reader (or a test) finds
 * it. Localized texts arrive with the mail settings screen (config/mail).
 */
export function verificationCodeMail(input: {
  to: string;
  memberSeq: number;
  code: string;
  purpose: 'registration' | 'email_change' | 'password_reset';
}): Mail {
  const subjects = {
    registration: 'Verify your email address',
    email_change: 'Confirm your new email address',
    password_reset: 'Reset your password',
  } as const;
  return {
    to: input.to,
    memberSeq: input.memberSeq,
    subject: subjects[input.purpose],
    text: [
      'Your verification code is:',
      '',
      `    ${input.code}`,
      '',
      'Enter it within 5 minutes. If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}

export function emailChangeNoticeMail(input: { to: string; memberSeq: number }): Mail {
  return {
    to: input.to,
    memberSeq: input.memberSeq,
    subject: 'Your email address is being changed',
    text: 'A change of the email address of your account was requested. If it was not you, change your password now.',
  };
}

/** The config/mail screen's test: proves the mail settings deliver (nothing else in it). */
export function testMail(input: { to: string; at: Date }): Mail {
  return {
    to: input.to,
    memberSeq: null,
    subject: 'Test mail from the exchange',
    text: `This test mail was sent from the mail settings at ${input.at.toISOString()}.`,
  };
}

/** The config/phone screen's test SMS. */
export function testSms(input: { to: string; at: Date }): { to: string; text: string } {
  return { to: input.to, text: `Test SMS from the exchange, ${input.at.toISOString()}.` };
}
