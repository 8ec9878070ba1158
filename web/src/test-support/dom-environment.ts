import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * What Mantine needs from a browser that happy-dom leaves out: matchMedia (color scheme, media
 * queries) and ResizeObserver (ScrollArea, DataTable). Imported by every DOM test file.
 */
function installBrowserStubs() {
  if (!('matchMedia' in window) || typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', {
      configurable: true,
      value: class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
  }
  Element.prototype.scrollTo ??= () => {};
}

installBrowserStubs();
// happy-dom renders a whole Mantine screen in hundreds of milliseconds on a busy machine.
// Generous: CI machines have 2 shared cores; a passing wait returns as soon as it holds.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 20_000 });

/** Every cookie of the page, removed, so tests do not share a session. */
export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test reset of the cookies the app writes.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(() => {
  cleanup();
  clearCookies();
  localStorage.clear();
  window.__i18nMissingKeys = [];
});
