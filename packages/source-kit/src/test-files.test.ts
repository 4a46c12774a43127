import { describe, expect, it } from 'vitest';
import { isTestFile } from './test-files.js';

describe('isTestFile', () => {
  it('knows the test conventions of each language read', () => {
    for (const file of [
      'src/__tests__/a.ts',
      'src/__mocks__/fs.ts',
      'tests/test_app.py',
      'e2e/login.ts',
      'src/app.spec.tsx',
      'src/app.e2e.ts',
      'pkg/server_test.go',
      'app/models/user_spec.rb',
      'src/main/java/UserTest.java',
      'core/src/main/kotlin/UserServiceTest.kt',
      'api/src/integrationTest/kotlin/ArticlesTests.kt',
      'lib/shop/sales_test.exs',
    ])
      expect(isTestFile(file), file).toBe(true);
  });

  it('leaves application code alone, names that merely contain "test" included', () => {
    for (const file of [
      'src/testing.ts',
      'src/latest/app.ts',
      'src/contest.py',
      'lib/Tester.java',
      'src/spec.ts',
      'src/main/kotlin/TestDataBuilder.kt',
      'lib/shop/test_helpers.ex',
    ])
      expect(isTestFile(file), file).toBe(false);
  });
});
