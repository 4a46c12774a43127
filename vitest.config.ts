import { defineConfig } from 'vitest/config';

const shared = {
  exclude: ['**/node_modules/**', '**/dist/**', '**/test/fixtures/**'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Suites assert what a cold scan reads; the cache's own tests turn it on in a directory of their own.
  env: { BOOCONTEXT_CACHE_DIR: 'off' },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/*/test/**/*.test.ts',
          ],
          exclude: [...shared.exclude, '**/*.e2e.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e',
          include: [
            'packages/*/test/**/*.e2e.test.ts',
            'apps/*/test/**/*.e2e.test.ts',
            'test/**/*.e2e.test.ts',
          ],
          testTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          ...shared,
          name: 'container',
          include: ['test/container/**/*.container.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 1_800_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
