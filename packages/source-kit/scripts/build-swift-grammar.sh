#!/bin/sh
# Rebuilds grammars/tree-sitter-swift.wasm from the grammar's npm release. No package ships a Swift
# wasm that web-tree-sitter 0.26 loads (tree-sitter-swift publishes C sources and native prebuilds;
# older wasm builds lack the dylink.0 section), so it is built here, once, and kept in the
# repository: installing BooCode builds nothing. Needs Debian's emscripten (apt-get install
# emscripten); takes about two minutes.
set -eu
version=0.7.1
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "tree-sitter-swift@$version" >/dev/null
tar xzf "tree-sitter-swift-$version.tgz"
emcc -Os -fno-exceptions -s WASM=1 -s SIDE_MODULE=2 -s EXPORTED_FUNCTIONS='["_tree_sitter_swift"]' \
  -I package/src -o "$here/grammars/tree-sitter-swift.wasm" package/src/parser.c package/src/scanner.c
cp package/LICENSE "$here/grammars/tree-sitter-swift.LICENSE"
echo "built $here/grammars/tree-sitter-swift.wasm from tree-sitter-swift@$version"
