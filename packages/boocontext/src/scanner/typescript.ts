import { createRequire } from 'node:module';
import type TypeScript from 'typescript';

/**
 * The TypeScript parser, loaded with `require`: through the ESM loader, Node first lexes all of
 * typescript.js for its exports, which costs about 150 ms at every start of the CLI.
 */
export const ts: typeof TypeScript = createRequire(import.meta.url)('typescript');
