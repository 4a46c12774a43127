// code-graph as one module plus chunks, as boocontext is bundled (rolldown.config.mjs there): Node's
// ESM loader costs about 1 ms a file, and the server's own files, zod's and the MCP SDK's were ~300
// of them. CommonJS, so that the bins compile it with V8's code cache (mcp-server-kit's CodeCache):
// a package.json beside the chunks makes their `.js` CommonJS inside this `"type": "module"`
// package, and keeps the file names the sources point at (`new URL('./worker.js', import.meta.url)`
// for the parse worker, `./child.js` for the checker process, entry points of their own). Chunk
// names carry no hash, so that a new build's cache replaces the last one's. `tools` is the tools
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
  output: {
    dir: 'dist/bundle',
    format: 'cjs',
    chunkFileNames: '[name].js',
    // Dynamic imports of outside packages become `require()`: code V8 compiles from a cache
    // (vm.Script) cannot run `import()` without a flag.
    dynamicImportInCjs: false,
    cleanDir: true,
  },
  plugins: [
    {
      name: 'commonjs-folder',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "commonjs" }\n' });
      },
    },
  ],
};
