#!/bin/sh
# Rebuilds grammars/tree-sitter-dart.wasm from the grammar's npm release. No package ships a Dart
# wasm that web-tree-sitter 0.26 loads (tree-sitter-dart publishes C sources), so it is built here,
# once, and kept in the repository, as Swift's is: installing BooCode builds nothing. Needs
# Debian's emscripten (apt-get install emscripten); takes about a minute.
set -eu
version=1.0.0
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "tree-sitter-dart@$version" >/dev/null
tar xzf "tree-sitter-dart-$version.tgz"
emcc -Os -fno-exceptions -s WASM=1 -s SIDE_MODULE=2 -s EXPORTED_FUNCTIONS='["_tree_sitter_dart"]' \
  -I package/src -o "$here/grammars/tree-sitter-dart.wasm" package/src/parser.c package/src/scanner.c
cp package/LICENSE "$here/grammars/tree-sitter-dart.LICENSE"
echo "built $here/grammars/tree-sitter-dart.wasm from tree-sitter-dart@$version"
