import type { TestProjectInlineConfiguration } from 'vitest/config';

// The one list of test projects (the design card's file); vitest.config.ts imports it into
// test.projects, because Vitest no longer reads a workspace file by itself (docs/adr/0003).
// The tier is in the file name: *.test.ts(x) pure, *.int.test.ts real Postgres, *.e2e.test.ts
// the whole product over HTTP and in Chromium.
const ignored = ['**/node_modules/**', '**/dist/**', '.pg/**', '.tools/**'];

export const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      include: [
        '{packages,services,scripts,migrations}/**/*.test.ts',
        'web/{src,vite-plugins}/**/*.test.{ts,tsx}',
      ],
      exclude: [...ignored, '**/*.int.test.ts', '**/*.e2e.test.ts'],
      // DOM tests render whole screens; on 2 shared cores that can take seconds.
      testTimeout: 20_000,
    },
  },
  {
    extends: true,
    test: {
      name: 'int',
      include: ['{packages,services,scripts,migrations}/**/*.int.test.ts'],
      exclude: ignored,
      globalSetup: ['packages/testing/src/global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  },
  {
    extends: true,
    test: {
      name: 'e2e',
      include: ['services/**/*.e2e.test.ts'],
      exclude: ignored,
      globalSetup: ['packages/testing/src/global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  },
];

export default projects;
