// boocontext_flows on real back ends: for every route, GraphQL operation and gRPC method each app
// serves (the stacks bench's truth), whether a flow was drawn from its handler (of all of them, and of
// those whose handler is the repository's own, not a library's such as Devise's), whether it goes
// past the handler (a service, a view method, a repository), and whether it reaches a data
// operation; and the time of `flows` beside `overview` on the same tree, both cold (fresh caches), the median of three rounds taken in turn.
// Cold means no scan or index of the tree: V8's compiled code of the install (~/.cache/boocode/v8)
// is kept, as it is on a user's machine after any first run (the stacks bench keeps it too); one
// warm-up run of each command writes it before anything is timed.
//
// Then the route map on front ends paired with back ends of other languages (side by side in one
// tree): the share of each front end's calls linked to the right route, the links' precision, the
// calls to endpoints the back end lacks reported as unmatched, the front end's pages and screens whose
// flow goes on through a request into the back end (and reaches its data), and flows + route map time against
// overview on the same tree: one-shot commands (each from empty caches, and in one cache in the
// order a shell runs them), and served over stdio, first calls back to back and with a model's
// turn between them (the code graph is built after the first answer, in that turn).
//
// On the back ends with a hand-labelled truth (lib-flows-truth.mjs): the share of endpoints whose
// flow names the handler's service or view method, and whose data operations include a line where
// the code makes the endpoint's data access.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { workDir } from './lib-fetch.mjs';
import { flowTruth } from './lib-flows-truth.mjs';
import { frontEnds, materializeFront } from './lib-fronts.mjs';
import { median, timed } from './lib-measure.mjs';
import { materialize, materializedApps, routeKey, stackApps } from './lib-stacks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const boocontextBin = path.join(here, '../packages/boocontext/bin/boocontext.js');

/** The caches of a tree's scan and index under `dir`. */
const treeCaches = (dir) => ({
  BOOCONTEXT_CACHE_DIR: path.join(dir, 'boocontext'),
  CODE_GRAPH_CACHE_DIR: path.join(dir, 'code-graph'),
});

/** One command from the command line, with its caches in `cache` (empty ones of its own by default). */
function run(command, root, extra = [], cache = undefined) {
  const own = cache ?? mkdtempSync(path.join(tmpdir(), 'flows-bench-'));
  try {
    const result = timed(boocontextBin, [command, '--json', '--root', root, '--allow', root, ...extra], {
      env: treeCaches(own),
    });
    return { ms: result.ms, envelope: JSON.parse(result.stdout) };
  } finally {
    if (!cache) rmSync(own, { recursive: true, force: true });
  }
}

/** One-shot rounds per tree: the commands in turn; the median of each. */
const ROUNDS = 3;

/**
 * `commands`: name → extra arguments, run in that order each round, each from empty caches, or with
 * `shared` all in one cache, fresh each round (as a user's shell runs them one after another). The
 * first round's envelopes are the ones scored.
 */
function oneShots(root, commands, { shared = false } = {}) {
  const out = {};
  for (let round = 0; round < ROUNDS; round++) {
    const cache = shared ? mkdtempSync(path.join(tmpdir(), 'flows-bench-')) : undefined;
    for (const [command, extra] of Object.entries(commands)) {
      const { ms, envelope } = run(command, root, extra, cache);
      out[command] ??= { times: [], envelope };
      out[command].times.push(ms);
    }
    if (cache) rmSync(cache, { recursive: true, force: true });
  }
  for (const result of Object.values(out)) result.ms = median(result.times);
  return out;
}

/** The one-shot commands timed, with their arguments: every flow and link of a tree in one answer. */
const FLOWS = { overview: [], flows: ['--limit', '500', '--max-tokens', '100000'] };
const FLOWS_AND_MAP = { ...FLOWS, routemap: ['--max-tokens', '100000'] };

/** A host's turn between two tool calls: its model reads one answer and writes the next call. */
const TURN_MS = 1_000;

/**
 * The same three tools as a host calls them: one boocontext over stdio, each tool called once
 * (building what it needs), then three more times; the median of those is the steady state.
 * `turnMs` passes between the first calls, as a model's turn would (0: a script calling them
 * back to back).
 */
async function overStdio(root, turnMs) {
  const cache = mkdtempSync(path.join(tmpdir(), 'flows-bench-'));
  const client = new Client({ name: 'flows-bench', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [boocontextBin, '--allow', root],
      env: { ...process.env, ...treeCaches(cache) },
      stderr: 'ignore',
    }),
  );
  const ms = {};
  try {
    for (const tool of ['overview', 'flows', 'routemap']) {
      if (tool !== 'overview') await new Promise((resolve) => setTimeout(resolve, turnMs));
      const call = async () => {
        const started = performance.now();
        await client.callTool(
          { name: `boocontext_${tool}`, arguments: { root, ...(tool === 'flows' ? { limit: 500 } : {}) } },
          { timeout: 600_000 },
        );
        return performance.now() - started;
      };
      const first = await call();
      const again = [await call(), await call(), await call()];
      ms[tool] = { first, warm: median(again) };
    }
  } finally {
    await client.close();
    rmSync(cache, { recursive: true, force: true });
  }
  return ms;
}

/** Against the labelled truth: service named, data line reached; with what missed. */
function scoreLabelled(truth, byRoute) {
  if (!truth) return undefined;
  const entries = Object.entries(truth).map(([route, [service, file, lines]]) => ({
    key: routeKey(...route.split(' ')),
    service,
    file,
    lines,
  }));
  // A service name the truth gives for endpoints in different files (MediatR's `QueryHandler.Handle`)
  // counts only in the endpoint's own file.
  const filesOf = new Map();
  for (const e of entries) filesOf.set(e.service, new Set([...(filesOf.get(e.service) ?? []), e.file]));
  const named = (f, service, file) =>
    f?.steps.some(
      (s) =>
        (s.symbol === service || s.symbol.endsWith(`.${service}`) || s.symbol.endsWith(`::${service}`)) &&
        (filesOf.get(service).size < 2 || s.file === file),
    );
  const reached = (f, file, lines) => f?.data.some((d) => d.file === file && lines.includes(d.line));
  const withData = entries.filter((e) => e.file && e.lines);
  const missedService = entries
    .filter((e) => !named(byRoute.get(e.key), e.service, e.file))
    .map((e) => e.key);
  const missedData = withData.filter((e) => !reached(byRoute.get(e.key), e.file, e.lines)).map((e) => e.key);
  return {
    endpoints: entries.length,
    service: (entries.length - missedService.length) / entries.length,
    data: (withData.length - missedData.length) / withData.length,
    withData: withData.length,
    missedService,
    missedData,
  };
}

const into = path.join(workDir, 'stacks');
const rows = [];
{
  const [first] = materializedApps(into);
  if (first) {
    for (const [command, extra] of Object.entries(FLOWS_AND_MAP)) run(command, first.dir, extra);
    await overStdio(first.dir, 0);
  }
}
for (const { app, dir } of materializedApps(into)) {
  const { overview, flows } = oneShots(dir, FLOWS);
  const byRoute = new Map(
    flows.envelope.details.flows
      .filter((f) => f.entry.path !== undefined)
      .map((f) => [routeKey(f.entry.method, f.entry.path), f]),
  );
  // Entry points: the routes and the GraphQL operations and gRPC methods the app serves.
  const want = [...app.routes, ...(app.operations ?? [])].map((r) => routeKey(...r.split(' ')));
  const found = want.map((k) => byRoute.get(k)).filter(Boolean);
  const handled = found.filter((f) => f.steps.length > 0);
  // Served by a library's handler (Devise's controllers): no flow to draw in the repository, said so.
  const library = found.filter((f) => f.steps.length === 0 && f.outside);
  const beyond = found.filter((f) => f.steps.length > 1 || f.data.length > 0);
  const data = found.filter((f) => f.data.length > 0);
  rows.push({
    app: app.name,
    stack: app.stack,
    routes: want.length,
    flow: handled.length / want.length,
    library: library.length,
    // Of the routes whose handler is the repository's own (not a library's controller).
    ownFlow: want.length > library.length ? handled.length / (want.length - library.length) : 1,
    pastHandler: beyond.length / want.length,
    reachesData: data.length / want.length,
    overviewMs: overview.ms,
    flowsMs: flows.ms,
    ratio: flows.ms / overview.ms,
    noData: want.filter((k) => !byRoute.get(k)?.data.length),
    labelled: scoreLabelled(flowTruth[app.name], byRoute),
  });
}

const pct = (x) => x.toFixed(2);
console.log(
  '\napp                  routes  flow  past handler  reaches data  library  flow of own  overview ms  flows ms  flows/overview',
);
for (const r of rows)
  console.log(
    `${r.app.padEnd(20)} ${String(r.routes).padStart(6)}  ${pct(r.flow)}  ${pct(r.pastHandler).padStart(12)}  ${pct(r.reachesData).padStart(12)}  ${String(r.library).padStart(7)}  ${pct(r.ownFlow).padStart(11)}  ${String(Math.round(r.overviewMs)).padStart(11)}  ${String(Math.round(r.flowsMs)).padStart(8)}  ${r.ratio.toFixed(2).padStart(14)}`,
  );
for (const r of rows)
  if (r.noData.length)
    console.log(
      `${r.app}: no data operation on ${r.noData.slice(0, 8).join(', ')}${r.noData.length > 8 ? ', …' : ''}`,
    );

console.log(
  '\nlabelled truth              endpoints  names service/view  reaches data line (of those with one)',
);
for (const r of rows.filter((row) => row.labelled)) {
  const l = r.labelled;
  console.log(
    `${r.app.padEnd(26)} ${String(l.endpoints).padStart(9)}  ${pct(l.service).padStart(18)}  ${pct(l.data).padStart(17)} (${l.withData})`,
  );
}
for (const r of rows.filter((row) => row.labelled)) {
  if (r.labelled.missedService.length)
    console.log(`${r.app}: service not named on ${r.labelled.missedService.join(', ')}`);
  if (r.labelled.missedData.length)
    console.log(`${r.app}: data line not reached on ${r.labelled.missedData.join(', ')}`);
}

const pairRows = [];
for (const front of frontEnds) {
  const made = materializeFront(front, path.join(workDir, 'fronts'));
  if (!made.dir && !made.inRepo) {
    console.log(`${front.name}: skipped (${made.missing})`);
    continue;
  }
  for (const backName of front.pairs) {
    const back = stackApps.find((a) => a.name === backName);
    const backDir = back && materialize(back, into).dir;
    if (!back || !backDir) continue;
    const dir = made.inRepo ? backDir : path.join(workDir, 'pairs', `${front.name}+${back.name}`);
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true });
      cpSync(made.dir, path.join(dir, 'web'), { recursive: true });
      cpSync(backDir, path.join(dir, 'api'), { recursive: true });
    }
    const { overview, flows, routemap: map } = oneShots(dir, FLOWS_AND_MAP);
    const inOrder = oneShots(dir, FLOWS_AND_MAP, { shared: true });
    const served = new Set(back.routes.map((r) => routeKey(...r.split(' '))));
    const truth = [...new Set(front.calls)];
    const { links, unmatched } = map.envelope.details;
    const linked = new Set(
      links
        .filter(
          (l) =>
            routeKey(l.client.method, l.client.path) ===
            routeKey(l.route.method === 'ALL' ? l.client.method : l.route.method, l.route.path),
        )
        .map((l) => routeKey(l.client.method, l.client.path)),
    );
    const expected = truth.filter((k) => served.has(k));
    const missing = truth.filter((k) => !served.has(k));
    const right = links.filter((l) => {
      const key = routeKey(l.client.method, l.client.path);
      if (l.fills && !served.has(key)) return true;
      return (
        truth.includes(key) &&
        key === routeKey(l.route.method === 'ALL' ? l.client.method : l.route.method, l.route.path)
      );
    });
    // A call the back end has no route for counts as reported when it is unmatched, or linked only
    // through a route parameter its literal segment fills (said in the link's `fills`).
    const server = await overStdio(dir, 0);
    const turns = await overStdio(dir, TURN_MS);
    const unmatchedKeys = new Set([
      ...unmatched.map((c) => routeKey(c.method, c.path)),
      ...links.filter((l) => l.fills).map((l) => routeKey(l.client.method, l.client.path)),
    ]);
    // The front end's pages and screens: whose flow goes on through a request into the back end.
    const pages = flows.envelope.details.flows.filter((f) => ['PAGE', 'SCREEN'].includes(f.entry.method));
    const throughRequest = pages.filter((f) => f.steps.some((s) => /^[A-Z]+ \/\S* \(/.test(s.via ?? '')));
    pairRows.push({
      pair: `${front.name} + ${back.name}`,
      pages: {
        all: pages.length,
        unread: pages.filter((f) => f.unread).length,
        request: throughRequest.length,
        data: throughRequest.filter((f) => f.data.length > 0).length,
      },
      expected: expected.length,
      recall: expected.filter((k) => linked.has(k)).length / expected.length,
      precision: links.length ? right.length / links.length : 0,
      unmatched: `${missing.filter((k) => unmatchedKeys.has(k)).length}/${missing.length}`,
      ratio: (flows.ms + map.ms) / overview.ms,
      inOrder: {
        flowsMs: inOrder.flows.ms,
        mapMs: inOrder.routemap.ms,
        ratio: (inOrder.flows.ms + inOrder.routemap.ms) / overview.ms,
      },
      overviewMs: overview.ms,
      flowsMs: flows.ms,
      mapMs: map.ms,
      notLinked: expected.filter((k) => !linked.has(k)),
      server,
      turns,
    });
  }
}

console.log(
  '\npair                              calls  linked  precision  no-route reported  overview ms  flows ms  routemap ms  (flows+map)/overview',
);
for (const r of pairRows)
  console.log(
    `${r.pair.padEnd(33)} ${String(r.expected).padStart(5)}  ${pct(r.recall).padStart(6)}  ${pct(r.precision).padStart(9)}  ${r.unmatched.padStart(17)}  ${String(Math.round(r.overviewMs)).padStart(11)}  ${String(Math.round(r.flowsMs)).padStart(8)}  ${String(Math.round(r.mapMs)).padStart(11)}  ${r.ratio.toFixed(2).padStart(20)}`,
  );
for (const r of pairRows)
  if (r.notLinked.length) console.log(`${r.pair}: not linked ${r.notLinked.join(', ')}`);

console.log(
  "\nthe front end's pages and screens (file-routed pages, a single-page app's client-side routes): flows going on\nthrough a request the route map links into the back end's route, and those reaching its data",
);
console.log('pair                              pages  unread  through a request  reaching data');
for (const r of pairRows)
  console.log(
    `${r.pair.padEnd(33)} ${String(r.pages.all).padStart(5)}  ${String(r.pages.unread).padStart(6)}  ${String(r.pages.request).padStart(17)}  ${String(r.pages.data).padStart(13)}`,
  );

console.log(
  '\none-shot in one cache, as a shell runs them one after another (overview, flows, routemap), against overview from empty caches',
);
console.log('pair                              flows ms  routemap ms  (flows+map)/overview');
for (const r of pairRows)
  console.log(
    `${r.pair.padEnd(33)} ${String(Math.round(r.inOrder.flowsMs)).padStart(8)}  ${String(Math.round(r.inOrder.mapMs)).padStart(11)}  ${r.inOrder.ratio.toFixed(2).padStart(20)}`,
  );

console.log(
  `\nserved over stdio (one boocontext per tree): first call, then the median of three more, ms; the first calls
back to back, then with a ${TURN_MS / 1000} s turn before flows and before routemap (a host's model between calls)`,
);
console.log(
  'pair                              overview first/warm  flows first/warm  routemap first/warm  warm (flows+map)/overview  first (flows+map)/overview: back to back  after a turn',
);
const firstWarm = (t) => `${Math.round(t.first)}/${t.warm.toFixed(1)}`;
const firsts = (s) => ((s.flows.first + s.routemap.first) / s.overview.first).toFixed(2);
for (const r of pairRows) {
  const s = r.server;
  console.log(
    `${r.pair.padEnd(33)} ${firstWarm(s.overview).padStart(19)}  ${firstWarm(s.flows).padStart(16)}  ${firstWarm(s.routemap).padStart(19)}  ${((s.flows.warm + s.routemap.warm) / s.overview.warm).toFixed(2).padStart(25)}  ${firsts(s).padStart(40)}  ${firsts(r.turns).padStart(12)}`,
  );
}
