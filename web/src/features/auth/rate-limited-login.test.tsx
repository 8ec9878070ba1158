// @vitest-environment happy-dom
// Proves a login refused as rate_limited says when to try again, from the problem's retry_after (in minutes from a minute on) or else its Retry-After header, in en-US and ko-KR.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { afterAll, describe, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';

const server = useApiServer();
afterAll(() => startI18n('en-US'));

function refusedLogin(retry: { member?: number; header?: string }) {
  server.use(
    http.post('/api/v1/auth/token', () =>
      HttpResponse.json(
        {
          type: 'urn:ledger:problem:rate_limited',
          title: 'rate_limited',
          status: 429,
          code: 'rate_limited',
          ...(retry.member === undefined ? {} : { retry_after: retry.member }),
        },
        {
          status: 429,
          headers: {
            'content-type': 'application/problem+json',
            ...(retry.header === undefined ? {} : { 'Retry-After': retry.header }),
          },
        },
      ),
    ),
  );
}

async function logIn() {
  renderApp('/login-me');
  fireEvent.change(await screen.findByLabelText(/User ID|아이디/), { target: { value: 'alice' } });
  fireEvent.change(screen.getByLabelText(/Password|비밀번호/), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: i18next.t('login.submit', { ns: 'auth' }) }));
}

describe('a rate-limited login', () => {
  test('en-US: retry_after of 150 seconds reads as 3 minutes', async () => {
    await startI18n('en-US');
    refusedLogin({ member: 150, header: '150' });
    await logIn();
    expect(await screen.findByText('Too many attempts. Try again in 3 minutes.')).toBeDefined();
  });

  test('ko-KR: the Retry-After header alone gives 45 seconds', async () => {
    await startI18n('ko-KR');
    refusedLogin({ header: '45' });
    await logIn();
    expect(
      await screen.findByText('요청이 너무 많습니다. 45초 후에 다시 시도하세요.'),
    ).toBeDefined();
  });
});
