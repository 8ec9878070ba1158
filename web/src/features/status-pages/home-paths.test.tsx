// @vitest-environment happy-dom
// Proves where "home" leads against msw: the root path and the 404 page's home button send a
// logged-in member to the member home and an administrator to the admin console; a visitor's
// button keeps the root path (SPEC §2).
import '../../test-support/dom-environment.ts';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, expect, test } from 'vitest';
import { accessTokenCookie } from '../../lib/access-token.ts';
import { useApiServer } from '../../test-support/api-server.ts';
import { fakeToken, renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

function signIn(isAdmin: boolean) {
  const token = fakeToken();
  accessTokenCookie.write(token);
  server.use(...signedInHandlers({ is_admin: isAdmin }, token));
}

const homeButton = () => screen.findByRole('link', { name: 'Go home' });

test("a visitor's 404 home button keeps the root path", async () => {
  renderApp('/404');
  expect((await homeButton()).getAttribute('href')).toBe('/');
});

test('the root path and the 404 home button send a member to the member home', async () => {
  signIn(false);
  const app = renderApp('/');
  await waitFor(() => expect(app.location().pathname).toBe('/home'));
  app.unmount();
  renderApp('/404');
  await waitFor(async () => expect((await homeButton()).getAttribute('href')).toBe('/home'));
});

test('the root path and the 404 home button send an administrator to the console', async () => {
  signIn(true);
  const app = renderApp('/');
  await waitFor(() => expect(app.location().pathname).toBe('/admin'));
  app.unmount();
  renderApp('/404');
  await waitFor(async () => expect((await homeButton()).getAttribute('href')).toBe('/admin'));
});
