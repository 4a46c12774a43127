#!/usr/bin/env node
// Checked in so npm links this bin at install time: it links only files that exist, and dist/ is built later.
// CommonJS (bin/package.json), as boocontext's bin is: no ES module loader to start.
const { existsSync } = require('node:fs');
const path = require('node:path');

const entry = path.join(__dirname, '..', 'dist', 'bundle', 'code-graph.js');
if (existsSync(entry)) {
  // The bundle's CommonJS chunks compile from V8's code cache, as boocontext's do (see its bin).
  const { CodeCache } = require('@boocode/mcp-server-kit/code-cache');
  CodeCache.inHome().runBundle(entry, (file) => file.endsWith(`${path.sep}web-tree-sitter.cjs`));
} else {
  console.error(`code-graph is not built yet (${entry} is missing): run \`npm run build\``);
  process.exitCode = 1;
}
