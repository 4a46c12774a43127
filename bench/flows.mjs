// boocontext_flows on real back ends: for every route each app serves (the stacks bench's truth),
// whether a flow was drawn from its handler, whether it goes past the handler (a service, a view
// method, a repository), and whether it reaches a data operation; and the time of `flows` beside
// `overview` on the same tree, both cold (fresh caches), in one run.
//
// Not yet measured here: the labelled handler-service and data-line truth per endpoint (#38).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workDir } from './lib-fetch.mjs';
import { timed } from './lib-measure.mjs';
import { materialize, routeKey, stackApps } from './lib-stacks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const boocontextBin = path.join(here, '../packages/boocontext/bin/boocontext.js');

function run(command, root, extra = []) {
  const cache = mkdtempSync(path.join(tmpdir(), 'flows-bench-'));
  try {
    const result = timed(boocontextBin, [command, '--json', '--root', root, '--allow', root, ...extra], {
      env: { XDG_CACHE_HOME: cache },
    });
    return { ms: result.ms, envelope: JSON.parse(result.stdout) };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

const into = path.join(workDir, 'stacks');
const rows = [];
const only = process.env.STACKS?.split(',');
for (const app of stackApps.filter((a) => !only || only.includes(a.name))) {
  const { dir, missing } = materialize(app, into);
  if (!dir) {
    console.log(`${app.name}: skipped (${missing})`);
    continue;
  }
  const overview = run('overview', dir);
  const flows = run('flows', dir, ['--limit', '500', '--max-tokens', '100000']);
  const byRoute = new Map(
    flows.envelope.details.flows.map((f) => [routeKey(f.entry.method, f.entry.path), f]),
  );
  const want = app.routes.map((r) => routeKey(...r.split(' ')));
  const found = want.map((k) => byRoute.get(k)).filter(Boolean);
  const handled = found.filter((f) => f.steps.length > 0);
  const beyond = found.filter((f) => f.steps.length > 1 || f.data.length > 0);
  const data = found.filter((f) => f.data.length > 0);
  rows.push({
    app: app.name,
    stack: app.stack,
    routes: want.length,
    flow: handled.length / want.length,
    pastHandler: beyond.length / want.length,
    reachesData: data.length / want.length,
    overviewMs: overview.ms,
    flowsMs: flows.ms,
    ratio: flows.ms / overview.ms,
    noData: want.filter((k) => !byRoute.get(k)?.data.length),
  });
}

const pct = (x) => x.toFixed(2);
console.log(
  '\napp                  routes  flow  past handler  reaches data  overview ms  flows ms  flows/overview',
);
for (const r of rows)
  console.log(
    `${r.app.padEnd(20)} ${String(r.routes).padStart(6)}  ${pct(r.flow)}  ${pct(r.pastHandler).padStart(12)}  ${pct(r.reachesData).padStart(12)}  ${String(Math.round(r.overviewMs)).padStart(11)}  ${String(Math.round(r.flowsMs)).padStart(8)}  ${r.ratio.toFixed(2).padStart(14)}`,
  );
for (const r of rows)
  if (r.noData.length)
    console.log(
      `${r.app}: no data operation on ${r.noData.slice(0, 8).join(', ')}${r.noData.length > 8 ? ', …' : ''}`,
    );
