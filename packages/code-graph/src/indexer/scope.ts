import { readFileSync } from 'node:fs';
import { isTestFile, type LanguageId, type RepoFile } from '@boocode/source-kit';
import { familyOf } from '../parse/node-types.js';
import { indexedLanguageOf } from './languages.js';

/**
 * The languages a refresh reads when the question needs only some of them: the flows of a Go back
 * end need no TypeScript front end parsed beside it (on a front end and back end side by side that
 * is most of the parse). Files of the languages left out stay in the index as the last refresh
 * that read them left them, for the next one that does.
 */
export interface IndexScope {
  languages: ReadonlySet<LanguageId>;
  /** Brings in the language of a file left out whose text asks for it (an entry point's mark). */
  admits?: (rel: string, language: LanguageId, text: string) => boolean;
  /**
   * Test files left out too: no flow goes through one (the tracer steps over them), and on a back
   * end they are up to a third of the code to parse.
   */
  withoutTests?: boolean;
}

/**
 * What a refresh read: every language, or some (whether files outside them were asked in, and
 * whether test files were read).
 */
export type Coverage =
  | { all: true }
  | { all: false; languages: ReadonlySet<LanguageId>; admitted: boolean; tests: boolean };

export const EVERY_LANGUAGE: Coverage = { all: true };

/** A language is never read without the others of its family: their code calls into each other's. */
function withFamilies(languages: Iterable<LanguageId>): Set<LanguageId> {
  const out = new Set<LanguageId>();
  for (const language of languages) for (const member of familyOf(language)) out.add(member as LanguageId);
  return out;
}

/** What a refresh over `scope` covers before it has looked at any file. */
export function coverageOf(scope: IndexScope | undefined): Coverage {
  return scope
    ? {
        all: false,
        languages: withFamilies(scope.languages),
        admitted: scope.admits !== undefined,
        tests: scope.withoutTests !== true,
      }
    : EVERY_LANGUAGE;
}

/** Whether what `done` read answers a question that needs `asked`. */
export function covers(done: Coverage, asked: IndexScope | undefined): boolean {
  if (done.all) return true;
  if (!asked) return false;
  for (const language of asked.languages) if (!done.languages.has(language)) return false;
  if (asked.withoutTests !== true && !done.tests) return false;
  return asked.admits === undefined || done.admitted;
}

/** The languages of `sources` a refresh over `scope` reads: the scope's, and those a file of theirs admits. */
export function languagesToRead(sources: readonly RepoFile[], scope: IndexScope): Set<LanguageId> {
  const read = withFamilies(scope.languages);
  if (!scope.admits) return read;
  for (const file of sources) {
    const language = indexedLanguageOf(file.rel);
    if (!language || read.has(language) || (scope.withoutTests && isTestFile(file.rel))) continue;
    let text: string;
    try {
      text = readFileSync(file.abs, 'utf8');
    } catch {
      continue;
    }
    if (scope.admits(file.rel, language, text))
      for (const member of withFamilies([language])) read.add(member);
  }
  return read;
}

/** Whether a refresh over `scope` (everything when absent) reads a file, given the languages it reads. */
export function readsFile(
  scope: IndexScope | undefined,
  languages: ReadonlySet<LanguageId> | undefined,
  rel: string,
  language: LanguageId | undefined,
): boolean {
  if (!languages) return true;
  return !!language && languages.has(language) && !(scope?.withoutTests && isTestFile(rel));
}
