import { createRequire } from 'node:module';
import type TypeScript from 'typescript';

/**
 * TypeScript, loaded with `require`. Imported from an ES module, node first compiles its 9 MB of
 * CommonJS to tell its module format, compiles it again to run it and lexes it for named exports:
 * about half a second of a first answer, before any project is read. Types come from
 * `import type * as TS from 'typescript'`.
 */
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
export default ts;
