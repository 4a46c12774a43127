/**
 * Test files by the conventions of the languages we read: test folders (`__tests__`, `tests/`,
 * `spec/`, `e2e/`, `__mocks__`), `*.test.ts` / `*.spec.js` / `*.e2e.ts`, Go's and Python's
 * `_test`, pytest's `test_*.py`, JUnit's `*Test.java` (and Kotlin's `*Test.kt`, `*Tests.kt`), RSpec's
 * `*_spec.rb`, ExUnit's `*_test.exs`. One rule for every
 * package, so code-graph's ranking and boocontext's reports agree on what a test is.
 */
const TEST_FILE =
  /(^|\/)(__tests__|__mocks__|tests?|spec|e2e)\/|\.(test|spec|e2e)\.[cm]?[jt]sx?$|_test\.(go|py)$|(^|\/)test_[^/]*\.py$|Test\.java$|Tests?\.kt$|_spec\.rb$|_test\.exs$/;

/** Whether a repository-relative path (forward slashes) is a test file. */
export const isTestFile = (rel: string) => TEST_FILE.test(rel);
