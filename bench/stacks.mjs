import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  codesightArgs,
  installCodesight,
  parseCodesightOutput,
  removeCodesightOutput,
} from './lib-codesight.mjs';
import { workDir } from './lib-fetch.mjs';
import { median, timed } from './lib-measure.mjs';
import { entityKey, materializedApps, routeKey } from './lib-stacks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const boocontextBin = path.join(here, '../packages/boocontext/bin/boocontext.js');
// Runs of ~200 ms on a 2-core machine vary by 10-15%: seven rounds, the two tools taking turns to
// go first, and the median of each.
const ROUNDS = Number(process.env.STACKS_ROUNDS ?? 7);
installCodesight();

/** A section of the map (`## ROUTES (34)`), its lines: the map lists every route and model, the overview only the first 25. */
const section = (map, title) => {
  const start = map.indexOf(`## ${title} (`);
  if (start === -1) return [];
  const body = map.slice(map.indexOf('\n', start) + 1);
  const end = body.indexOf('\n## ');
  return (end === -1 ? body : body.slice(0, end)).split('\n').filter((l) => l.trim());
};

function boocontext(root) {
  const run = timed(
    boocontextBin,
    ['map', '--json', '--max-tokens', '200000', '--root', root, '--allow', root],
    {
      env: { BOOCONTEXT_CACHE_DIR: 'off' },
    },
  );
  const map = String(JSON.parse(run.stdout).details.map);
  const lines = section(map, 'ROUTES');
  const keys = (list) => list.map((l) => routeKey(...l.split(/\s+/, 2)));
  return {
    ms: run.ms,
    // A single-page app's screens (client-side routes beside the back end) are no HTTP route.
    routes: keys(lines.filter((l) => !isOperation(l) && !l.startsWith('SCREEN '))),
    operations: keys(lines.filter(isOperation)),
    // A model counts by its name or by the table it says it is stored in.
    entities: section(map, 'MODELS').flatMap((l) =>
      [l.split(' (')[0], /, table (\w+)/.exec(l)?.[1]].filter(Boolean),
    ),
    frameworks: /frameworks: ([^\n]*)/.exec(map)?.[1].split(', ') ?? [],
  };
}

/** A GraphQL operation or a gRPC method in the map (`QUERY feed … [graphql]`), scored apart from HTTP routes. */
const isOperation = (line) =>
  (/^(QUERY|MUTATION|SUBSCRIPTION) /.test(line) && line.endsWith('[graphql]')) ||
  (line.startsWith('RPC ') && line.endsWith('[grpc]'));

function codesight(root) {
  const run = timed(process.execPath, codesightArgs(root));
  removeCodesightOutput(root);
  const json = parseCodesightOutput(run.stdout);
  const graphql = (r) => r.framework === 'graphql' || r.framework === 'grpc';
  return {
    ms: run.ms,
    routes: (json.routes ?? []).filter((r) => !graphql(r)).map((r) => routeKey(r.method, r.path)),
    operations: (json.routes ?? []).filter(graphql).map((r) => routeKey(r.method, r.path)),
    entities: (json.schemas ?? []).map((s) => s.name),
    frameworks: [...new Set((json.routes ?? []).map((r) => r.framework).filter(Boolean))],
  };
}

/** Precision and recall of one list against the truth's; an empty truth found empty is right. */
function matched(truth, found) {
  const want = new Set(truth.map((r) => routeKey(...r.split(' '))));
  const got = new Set(found);
  const hits = [...got].filter((r) => want.has(r)).length;
  return {
    precision: got.size ? hits / got.size : want.size ? 0 : 1,
    recall: want.size ? hits / want.size : 1,
    missed: [...want].filter((r) => !got.has(r)),
    extra: [...got].filter((r) => !want.has(r)),
  };
}

/** Precision and recall of routes on full paths and of GraphQL operations, recall of entities, and what was missed or extra. */
function score(app, facts) {
  const routes = matched(app.routes, facts.routes);
  const operations = app.operations ? matched(app.operations, facts.operations) : undefined;
  const entities = new Set(facts.entities.map(entityKey));
  const missedEntities = app.entities.filter((e) => !entities.has(entityKey(e)));
  return {
    ...routes,
    operations,
    // An app without an ORM or schema has no entity to find.
    entityRecall: app.entities.length
      ? (app.entities.length - missedEntities.length) / app.entities.length
      : 1,
    missedEntities,
  };
}

const into = path.join(workDir, 'stacks');
const rows = [];
for (const { app, dir } of materializedApps(into)) {
  const runs = { boocontext: [], codesight: [] };
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      runs.boocontext.push(boocontext(dir));
      runs.codesight.push(codesight(dir));
    } else {
      runs.codesight.push(codesight(dir));
      runs.boocontext.push(boocontext(dir));
    }
  }
  console.log(`\n${app.name} (${app.stack})`);
  for (const [tool, list] of Object.entries(runs)) {
    const facts = list[0];
    const s = score(app, facts);
    const ms = median(list.map((r) => r.ms));
    rows.push({ app: app.name, tool, ms, frameworks: facts.frameworks, ...s });
    if (s.missed.length) console.log(`  ${tool} missed: ${s.missed.join(', ')}`);
    if (s.extra.length) console.log(`  ${tool} beyond the truth: ${s.extra.join(', ')}`);
    if (s.missedEntities.length) console.log(`  ${tool} entities missed: ${s.missedEntities.join(', ')}`);
    if (s.operations?.missed.length)
      console.log(`  ${tool} operations missed: ${s.operations.missed.join(', ')}`);
    if (s.operations?.extra.length)
      console.log(`  ${tool} operations beyond the truth: ${s.operations.extra.join(', ')}`);
  }
}

const f2 = (x) => x.toFixed(2);
console.log(
  `\nroutes on full paths (precision / recall), entity recall, frameworks, scan ms (median of ${ROUNDS})`,
);
console.log(
  `${'app'.padEnd(18)} ${'tool'.padEnd(11)} ${'prec'.padStart(5)} ${'recall'.padStart(6)} ${'ent'.padStart(5)} ${'ms'.padStart(6)}  frameworks`,
);
for (const r of rows)
  console.log(
    `${r.app.padEnd(18)} ${r.tool.padEnd(11)} ${f2(r.precision).padStart(5)} ${f2(r.recall).padStart(6)} ${f2(r.entityRecall).padStart(5)} ${String(Math.round(r.ms)).padStart(6)}  ${r.frameworks.join(', ')}`,
  );
const withOperations = rows.filter((r) => r.operations);
if (withOperations.length) {
  console.log(
    '\noperations (GraphQL root fields as `QUERY name`, gRPC methods as `RPC /pkg.Service/Method`): precision / recall',
  );
  for (const r of withOperations)
    console.log(
      `${r.app.padEnd(18)} ${r.tool.padEnd(11)} ${f2(r.operations.precision).padStart(5)} ${f2(r.operations.recall).padStart(6)}`,
    );
}
const ours = rows.filter((r) => r.tool === 'boocontext');
const theirs = new Map(rows.filter((r) => r.tool === 'codesight').map((r) => [r.app, r]));
const goal = ours.map((r) => {
  const peer = theirs.get(r.app);
  const ok =
    r.precision >= 0.95 &&
    r.recall >= 0.95 &&
    r.entityRecall === 1 &&
    r.precision >= peer.precision &&
    r.recall >= peer.recall &&
    r.entityRecall >= peer.entityRecall &&
    (!r.operations ||
      (r.operations.precision >= 0.95 &&
        r.operations.recall >= 0.95 &&
        r.operations.precision >= peer.operations.precision &&
        r.operations.recall >= peer.operations.recall)) &&
    r.ms <= peer.ms;
  return { app: r.app, ok, timeRatio: r.ms / peer.ms };
});
console.log(
  '\ngoal (prec, recall >= 0.95 on routes and operations, entities 1.0, none below codesight, time <= codesight):',
);
for (const g of goal)
  console.log(`  ${g.app.padEnd(18)} ${g.ok ? 'met' : 'NOT met'}  time ${f2(g.timeRatio)}x`);
console.log(`${goal.filter((g) => g.ok).length} of ${goal.length} apps meet every goal`);
