import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    reporters: ['default'],
    // Failing fast hides nothing here: every tier runs, and the summary names every failure.
    passWithNoTests: false,
  },
});
