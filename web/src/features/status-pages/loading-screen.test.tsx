// @vitest-environment happy-dom
// Proves the lazy-screen stages of SPEC §2/§8 with a fake clock: the loading screen (shown by the
// router after 400 ms) turns into the page-timeout text at 10 s and into the chunk-load failure at
// 120 s after navigation; a failed dynamic import shows the same failure screen.
import '../../test-support/dom-environment.ts';
import { act, render, screen } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { startI18n } from '../../test-support/render-app.tsx';
import { UiProviders } from '../../ui-providers.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { isChunkLoadError } from './route-error-screen.tsx';

beforeAll(() => startI18n('en-US'));
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const wrap = (node: ReactNode) => (
  <JotaiProvider store={createStore()}>
    <UiProviders>{node}</UiProviders>
  </JotaiProvider>
);

test('loading, then the page-timeout text at 10 s, then the chunk failure at 120 s', () => {
  render(wrap(<LoadingScreen />));
  expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
  // The router mounts the screen 400 ms after navigation began.
  act(() => vi.advanceTimersByTime(10_000 - 400 - 1));
  expect(screen.queryByText(/The page timed out while loading/)).toBeNull();
  act(() => vi.advanceTimersByTime(1));
  expect(
    screen.getByText(
      "The page timed out while loading. Are you sure you're still connected to the Internet?",
    ),
  ).toBeDefined();
  act(() => vi.advanceTimersByTime(110_000 - 1));
  expect(screen.queryByText('The screen could not be loaded')).toBeNull();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.getByText('The screen could not be loaded')).toBeDefined();
});

test('the messages of failed dynamic imports are recognised', () => {
  for (const message of [
    'Failed to fetch dynamically imported module: http://x/routes/a.tsx',
    'error loading dynamically imported module',
    'Importing a module script failed.',
  ]) {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  }
  expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
});
