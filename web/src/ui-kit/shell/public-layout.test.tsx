// @vitest-environment happy-dom
// Proves the site header against msw: a visitor is offered Sign up and Log in, a logged-in member
// is offered neither (only the wallet, my page and logout), and an administrator also gets the
// admin console link.
import '../../test-support/dom-environment.ts';
import { screen } from '@testing-library/react';
import { beforeAll, expect, test } from 'vitest';
import { accessTokenCookie } from '../../lib/access-token.ts';
import { useApiServer } from '../../test-support/api-server.ts';
import { fakeToken, renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

/** A logged-in session: the token cookie (which the header checks first) and its answers. */
function signIn(isAdmin: boolean) {
  const token = fakeToken();
  accessTokenCookie.write(token);
  server.use(...signedInHandlers({ is_admin: isAdmin }, token));
}

test('a visitor is offered Sign up and Log in', async () => {
  renderApp('/company');
  expect(await screen.findByRole('link', { name: 'Sign up' })).toBeDefined();
  expect(screen.getByRole('link', { name: 'Log in' })).toBeDefined();
});

test('a logged-in member is not offered Sign up, nor the admin console', async () => {
  signIn(false);
  renderApp('/company');
  expect(await screen.findByRole('link', { name: 'My page' })).toBeDefined();
  expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Admin console' })).toBeNull();
});

test('an administrator gets the admin console link', async () => {
  signIn(true);
  renderApp('/company');
  const link = await screen.findByRole('link', { name: 'Admin console' });
  expect(link.getAttribute('href')).toBe('/admin');
});
