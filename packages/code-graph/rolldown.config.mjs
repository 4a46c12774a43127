// code-graph as one ES module plus chunks, as boocontext is bundled (rolldown.config.mjs there):
// Node's ESM loader costs about 1 ms a file, and the server's own files, zod's and the MCP SDK's
// were ~300 of them. The parse worker and the checker process are entry points of their own, next
// to the chunk that starts them (`new URL('./worker.js', import.meta.url)`). `tools` is the tools
// without the MCP server, for a caller in the same process (boocontext's one-shot commands). Built
// from tsc's output.
export default {
  input: {
    'code-graph': 'dist/cli.js',
    tools: 'dist/tools.js',
    worker: 'dist/parse/worker.js',
    child: 'dist/precise/child.js',
  },
  platform: 'node',
  // Native (better-sqlite3), wasm beside its module (web-tree-sitter), and TypeScript, which ts-types
  // loads itself (CommonJS with V8's code cache).
  external: [/^node:/, 'web-tree-sitter', 'better-sqlite3', 'typescript'],
  resolve: { mainFields: ['module', 'main'] },
  output: { dir: 'dist/bundle', format: 'esm', chunkFileNames: '[name]-[hash].js', cleanDir: true },
};
