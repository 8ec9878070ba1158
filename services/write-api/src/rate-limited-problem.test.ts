// Proves a rate-limit refusal says when to retry in every form a client reads: the Retry-After header, the retry_after member in seconds, and the detail in the caller's language naming it.
import { problemHeaders, problemText } from '@ledger/http';
import { expect, test } from 'vitest';
import { rateLimited } from './credential-checks.ts';

test('the 429 carries Retry-After, retry_after and a localized detail with the wait', () => {
  const { problem } = rateLimited(120);
  expect(problemHeaders(problem, 'en-US')).toMatchObject({ 'retry-after': '120' });
  expect(JSON.parse(problemText(problem, '/api/v1/withdraw', 'request-1', 'en-US'))).toMatchObject({
    status: 429,
    code: 'rate_limited',
    retry_after: 120,
    detail: 'Try again in 120 seconds.',
  });
  const korean = JSON.parse(problemText(problem, '/api/v1/withdraw', 'request-1', 'ko-KR')) as {
    detail: string;
  };
  expect(korean.detail).toBe('120초 후에 다시 시도하세요.');
});
