#!/bin/sh
# Rebuilds grammars/tree-sitter-<name>.wasm from the grammar's npm release:
#   scripts/build-grammar.sh swift 0.7.1
#   scripts/build-grammar.sh dart 1.0.0
# No package ships a Swift or Dart wasm that web-tree-sitter 0.26 loads (their grammars publish C
# sources; older Swift builds lack the dylink.0 section), so each is built here, once, and kept in
# the repository with its licence: installing BooCode builds nothing. Needs Debian's emscripten
# (apt-get install emscripten); takes one to two minutes.
set -eu
name=$1
version=$2
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "tree-sitter-$name@$version" >/dev/null
tar xzf "tree-sitter-$name-$version.tgz"
emcc -Os -fno-exceptions -s WASM=1 -s SIDE_MODULE=2 -s EXPORTED_FUNCTIONS="[\"_tree_sitter_$name\"]" \
  -I package/src -o "$here/grammars/tree-sitter-$name.wasm" package/src/parser.c package/src/scanner.c
cp package/LICENSE "$here/grammars/tree-sitter-$name.LICENSE"
echo "built $here/grammars/tree-sitter-$name.wasm from tree-sitter-$name@$version"
