// Routes, models and env variables on real applications from npm, found against the truth listed
// by hand in lib-real-apps.mjs, with codesight 1.13.1 beside on the same trees. Per corpus and
// fact: how many of the truth each tool finds, and what it reports beyond it (listed, so a reader
// can judge whether an extra is noise or a fact the truth missed).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  codesightArgs,
  installCodesight,
  parseCodesightOutput,
  removeCodesightOutput,
} from './lib-codesight.mjs';
import { workDir } from './lib-fetch.mjs';
import { realApps } from './lib-real-apps.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const boocontextBin = path.join(here, '../packages/boocontext/dist/bundle/boocontext.cjs');
installCodesight();

/** Routes compared as `METHOD path`: the two tools name files alike but methods of tRPC differently. */
const routeKey = (method, routePath) => `${method.toUpperCase()} ${routePath}`;

function boocontextFacts(root) {
  const out = execFileSync(
    process.execPath,
    [boocontextBin, 'overview', '--json', '--root', root, '--allow', root],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const { details } = JSON.parse(out);
  return {
    routes: details.routes.map((r) => ({
      key: routeKey(r.method, r.path),
      full: `${r.method} ${r.path} ${r.file}`,
    })),
    models: details.models.map((m) => m.replace(/ \(.*\)$/, '')),
    env: details.envVars,
  };
}

function codesightFacts(root) {
  const stdout = execFileSync(process.execPath, codesightArgs(root), {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  removeCodesightOutput(root);
  const json = parseCodesightOutput(stdout);
  return {
    routes: (json.routes ?? []).map((r) => ({
      key: routeKey(r.method, r.path),
      full: `${r.method} ${r.path} ${r.file}`,
    })),
    models: (json.schemas ?? []).map((s) => s.name),
    env: (json.config?.envVars ?? []).map((e) => e.name),
  };
}

/** Found of the truth, and the extras: what a tool reports that the truth does not list. */
function score(truth, reported) {
  const want = new Set(truth);
  const got = new Set(reported);
  return {
    found: [...want].filter((t) => got.has(t)).length,
    extras: [...got].filter((r) => !want.has(r)).sort(),
  };
}

const cell = (s, total) =>
  `${String(s.found).padStart(3)}/${String(total).padEnd(3)} +${String(s.extras.length).padEnd(3)}`;

const apps = realApps(path.join(workDir, 'real-apps'));
const lines = [];
for (const app of apps) {
  const truthRoutes = app.routes.map((r) => r.split(' ').slice(0, 2).join(' '));
  const tools = { boocontext: boocontextFacts(app.root), codesight: codesightFacts(app.root) };
  console.log(`\n${app.name}`);
  for (const [tool, facts] of Object.entries(tools)) {
    const inScope = facts.routes.filter((r) => !app.outOfScope(r.full));
    const routes = score(
      truthRoutes,
      inScope.map((r) => r.key),
    );
    const models = score(app.models, facts.models);
    const env = score(app.env, facts.env);
    lines.push({ corpus: app.name.split(' (')[0], tool, routes, models, env, app });
    for (const [fact, s] of Object.entries({ routes, models, env }))
      if (s.extras.length) console.log(`  ${tool} ${fact} beyond the truth: ${s.extras.join(', ')}`);
  }
}

console.log('\nfound/truth +extras (extras: reported, not in the hand-listed truth)');
console.log(`${'corpus'.padEnd(16)} ${'tool'.padEnd(11)} ${'routes'.padEnd(12)} ${'models'.padEnd(12)} env`);
for (const l of lines)
  console.log(
    `${l.corpus.padEnd(16)} ${l.tool.padEnd(11)} ${cell(l.routes, l.app.routes.length)} ${cell(l.models, l.app.models.length)} ${cell(l.env, l.app.env.length)}`,
  );
