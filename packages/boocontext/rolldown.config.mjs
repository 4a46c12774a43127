// The boocontext command as one module plus lazily loaded chunks: Node's ESM loader costs about
// 1 ms a file, and zod alone is ~80 files, so the unbundled command spent more time loading than a
// cold scan of a mid-size repository takes. CommonJS, so that bin/boocontext.js can compile it with
// V8's code cache (node has no such cache for ES modules before 22, and 22's holds only what was
// compiled before the module ran); chunk names without a hash, so that a new build's cache replaces
// the last one's. Built from tsc's output (dist/).
export default {
  input: { boocontext: 'dist/cli.js' },
  platform: 'node',
  // web-tree-sitter finds its runtime wasm beside its own module file; it and the grammar package
  // are dependencies of this package for that reason, pinned to source-kit's versions.
  // write-file-atomic (setup's writer, through mcp-server-kit) names its temporary files after its
  // own __filename, which a module in an ES bundle does not have: loaded from node_modules instead.
  // code-graph's tools (a one-shot command runs them in this process) come from code-graph's own
  // bundle, which has the parse worker they start beside it.
  external: [/^node:/, 'web-tree-sitter', 'write-file-atomic', '@boocode/code-graph/tools'],
  // ES module builds first: a UMD build (jsonc-parser's main) resolves its parts with a runtime
  // require() the bundle cannot follow, and cannot be tree-shaken.
  resolve: { mainFields: ['module', 'main'] },
  output: {
    dir: 'dist/bundle',
    format: 'cjs',
    entryFileNames: '[name].cjs',
    chunkFileNames: '[name].cjs',
    // `import()` of a package outside the bundle becomes `require()`: a dynamic import needs a flag
    // in code V8 compiles from a cache (vm.Script). code-graph's tools are an ES module, which
    // `require` loads since node 20.19.
    dynamicImportInCjs: false,
    cleanDir: true,
  },
};
