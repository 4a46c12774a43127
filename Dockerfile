# BooCode in one image: the server, the page and boocontext (with code-graph and ts-types).
#   docker build -t boocode .
#   docker run -p 8080:3000 -v "$PWD/data:/data" -v "$PWD:/workspace:ro" boocode
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source against the image's own node headers: nothing is fetched
# beyond the npm registry and Debian's mirror.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
    npm_config_build_from_source=true \
    npm_config_update_notifier=false
WORKDIR /src
# Manifests first, so a source edit does not redo the install layer.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/api-types/package.json packages/api-types/
COPY packages/boocontext/package.json packages/boocontext/
COPY packages/code-graph/package.json packages/code-graph/
COPY packages/mcp-hub/package.json packages/mcp-hub/
COPY packages/mcp-server-kit/package.json packages/mcp-server-kit/
COPY packages/source-kit/package.json packages/source-kit/
COPY packages/ts-types/package.json packages/ts-types/
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && npm rebuild better-sqlite3
COPY . .
# Build everything, then gather what runs: each workspace's manifest, bins, compiled code and shipped
# files, with production dependencies installed afresh beside them (`npm prune` keeps the workspaces'
# dev dependencies) and the addon compiled above. The compiler, bundlers, test runner and linter stay here.
# Of the Kotlin grammar package only its wasm runs: its C sources and native prebuilds (~45 MB) go,
# with npm-check-updates, a CLI it lists as a dependency and nothing loads.
RUN npm run build \
 && mkdir /out \
 && cp -a package.json package-lock.json data /out/ \
 && for ws in apps/* packages/*; do \
      mkdir -p "/out/$ws"; \
      for part in package.json index.js index.d.ts bin dist skill; do \
        if [ -e "$ws/$part" ]; then cp -a "$ws/$part" "/out/$ws/"; fi; \
      done; \
    done \
 && find /out -name '*.tsbuildinfo' -delete \
 && cd /out \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && mkdir -p node_modules/better-sqlite3/build/Release \
 && cp /src/node_modules/better-sqlite3/build/Release/better_sqlite3.node node_modules/better-sqlite3/build/Release/ \
 && rm -rf node_modules/@tree-sitter-grammars/tree-sitter-kotlin/src node_modules/@tree-sitter-grammars/tree-sitter-kotlin/prebuilds node_modules/npm-check-updates \
 && find node_modules -type d -empty -delete

FROM ${NODE_IMAGE}
# tini reaps what a dead MCP server leaves behind and passes SIGTERM on; `-s` keeps that true when
# the runtime puts its own init in front (docker run --init).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
COPY --from=build /out /app
RUN mkdir -p /data /workspace && chown node:node /data
# Reached through a published port, BooCode is asked for localhost:<any port>; behind a proxy, set
# BOOCODE_PUBLIC_URL to its public origin. An empty /data is given the shipped mcp.json and AGENTS.md.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WORKSPACE_DIR=/workspace \
    ALLOWED_HOSTS=localhost,127.0.0.1,[::1] \
    BOOCODE_DATA_DEFAULTS=/app/data \
    PATH=/app/node_modules/.bin:$PATH
USER node
WORKDIR /workspace
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "-s", "--"]
CMD ["node", "/app/apps/server/bin/boocode.js", "serve"]
