#!/usr/bin/env node
// Checked in so npm links this bin at install time: it links only files that exist, and dist/ is built later.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../dist/bundle/code-graph.js', import.meta.url));
if (existsSync(entry)) {
  // The bundle's CommonJS chunks compile from V8's code cache, as boocontext's do (see its bin).
  const { CodeCache } = await import('@boocode/mcp-server-kit/code-cache');
  CodeCache.inHome().runBundle(entry, (file) => file.endsWith(`${path.sep}web-tree-sitter.cjs`));
} else {
  console.error(`code-graph is not built yet (${entry} is missing): run \`npm run build\``);
  process.exitCode = 1;
}
