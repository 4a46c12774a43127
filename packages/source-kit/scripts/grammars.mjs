// Copies the grammars that cannot be dependencies into dist/grammars/, with their licences.
// tree-sitter-elixir requires a `tree-sitter` ^0.21 peer, which conflicts with the Kotlin grammar
// package's optional ^0.22.4 one: as a dependency it would fail a consumer's `npm install` (ERESOLVE).
// It is a devDependency here instead (the monorepo's root `overrides` settles the peer), and its wasm
// ships inside this package's dist. Apache-2.0: the licence goes beside it.
// Swift's and Dart's wasm are built from their grammars' sources and kept in grammars/
// (scripts/build-grammar.sh says why and how); MIT, their licences beside them.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const out = path.join(here, '../dist/grammars');
mkdirSync(out, { recursive: true });
for (const { pkg, wasm } of [{ pkg: 'tree-sitter-elixir', wasm: 'tree-sitter-elixir.wasm' }]) {
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  copyFileSync(path.join(dir, wasm), path.join(out, wasm));
  copyFileSync(path.join(dir, 'LICENSE'), path.join(out, `${pkg}.LICENSE`));
}
for (const file of [
  'tree-sitter-swift.wasm',
  'tree-sitter-swift.LICENSE',
  'tree-sitter-dart.wasm',
  'tree-sitter-dart.LICENSE',
])
  copyFileSync(path.join(here, '../grammars', file), path.join(out, file));
