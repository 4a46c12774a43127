// Call-edge accuracy of code-graph against the language's own checker, and what its precise pass
// costs beside scip-typescript's, in one run (issue 32).
// TypeScript/JavaScript: the reference is every call the TypeScript checker resolves to a named
// declaration in the tree (lib-callgraph-truth.mjs); code-graph is measured as the syntax reads it
// (the first answer) and after its precise pass; the pass's time and peak memory (its checker process's)
// beside scip-typescript's on the same tree; then five edits, one file each, and what the pass redid.
// Python and Go: the reference is the language server's call hierarchy (pyright, gopls), see
// lib-lsp-calls.mjs. Precision and recall are over `caller file:line -> callee file#name` (TypeScript)
// and `caller file:line -> callee file:line` (Python, Go: the server names declarations its own way).
// ONLY=name runs one corpus; SHOW=1 prints samples of both kinds of miss.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkerEdges, sourceFiles } from './lib-callgraph-truth.mjs';
import { fetchPackage, workDir } from './lib-fetch.mjs';
import { materializeFront } from './lib-fronts.mjs';
import { lspEdges } from './lib-lsp-calls.mjs';
import { median } from './lib-measure.mjs';
import { fromMirror, materialize, stackApps } from './lib-stacks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const base = path.join(workDir, 'callgraph');
const peers = path.join(workDir, 'peers');

/** Where each corpus comes from; `kind` says whether it is an application or a library. */
const CORPORA = [
  { name: 'query-core', kind: 'library', language: 'ts', npm: '@tanstack/query-core@5.62.0', src: 'src' },
  { name: 'trpc-server', kind: 'library', language: 'ts', npm: '@trpc/server@11.0.0', src: 'src' },
  { name: 'nestjs-typeorm', kind: 'server app', language: 'ts', stack: 'nestjs-typeorm' },
  { name: 'express-prisma', kind: 'server app (nx monorepo)', language: 'ts', stack: 'express-prisma' },
  {
    name: 'medusa-dashboard',
    kind: 'React app',
    language: 'ts',
    npm: '@medusajs/dashboard@2.21.2',
    src: 'src',
  },
  { name: 'react-redux', kind: 'React app (JS)', language: 'ts', front: 'react-redux' },
  { name: 'nextjs', kind: 'Next.js app (JS)', language: 'ts', front: 'nextjs' },
  {
    name: 'express-boilerplate',
    kind: 'server app (CommonJS)',
    language: 'ts',
    mirror: 'hagopj13/node-express-boilerplate',
    src: 'src',
  },
  { name: 'flask-sqlalchemy', kind: 'server app', language: 'python', stack: 'flask-sqlalchemy' },
  { name: 'fastapi', kind: 'server app', language: 'python', stack: 'fastapi' },
  { name: 'django-drf', kind: 'server app', language: 'python', stack: 'django-drf' },
  { name: 'flask', kind: 'library', language: 'python', mirror: 'pallets/flask', src: 'src' },
  { name: 'gin-gorm', kind: 'server app', language: 'go', stack: 'gin-gorm' },
  { name: 'echo-gorm', kind: 'server app', language: 'go', stack: 'echo-gorm' },
  { name: 'chi', kind: 'library', language: 'go', mirror: 'go-chi/chi' },
];

/** The corpus's tree, fresh: a copy, as the edits below change it. */
function tree(corpus) {
  const dir = path.join(base, corpus.name);
  rmSync(dir, { recursive: true, force: true });
  let from;
  if (corpus.mirror) {
    const whole = path.join(workDir, 'mirrors', corpus.name);
    const got = existsSync(whole) ? { dir: whole } : fromMirror(corpus.mirror, whole);
    if (!got.dir) return { missing: got.missing };
    from = path.join(got.dir, corpus.src ?? '');
  } else if (corpus.npm) from = path.join(fetchPackage(corpus.npm), corpus.src);
  else if (corpus.stack) {
    const app = stackApps.find((a) => a.name === corpus.stack);
    const got = materialize(app, path.join(workDir, 'stacks'));
    if (!got.dir) return { missing: got.missing };
    from = got.dir;
  } else {
    const got = materializeFront(
      { name: corpus.front, ...frontOf(corpus.front) },
      path.join(workDir, 'fronts'),
    );
    if (!got.dir) return { missing: got.missing };
    from = got.dir;
  }
  cpSync(from, corpus.src ? path.join(dir, corpus.src) : dir, {
    recursive: true,
    filter: (f) => !f.includes('/node_modules') && !f.includes('/dist/'),
  });
  return { dir };
}

let fronts;
function frontOf(name) {
  return fronts.find((f) => f.name === name);
}

/** Peers installed once from npm under bench/.work/peers: a bin's path, or a module. */
const peerInstall = (spec, file) => {
  if (existsSync(file)) return;
  mkdirSync(peers, { recursive: true });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', peers, spec], { stdio: 'ignore' });
};
const peerTools = {
  bin(spec, bin) {
    const file = path.join(peers, 'node_modules', '.bin', bin);
    peerInstall(spec, file);
    return file;
  },
  module(spec, specifier) {
    peerInstall(spec, path.join(peers, 'node_modules', spec.replace(/(.)@.*$/, '$1')));
    return createRequire(path.join(peers, 'package.json'))(specifier);
  },
};

/** Runs a command under /usr/bin/time: its stdout, wall seconds and peak memory (MB). */
function measured(command, args, options = {}) {
  const run = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', command, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    ...options,
  });
  const [, secs, kb] = /TIME ([\d.]+) (\d+)\s*$/.exec(run.stderr) ?? [];
  if (run.status !== 0 || !secs)
    throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr.slice(-800)}`);
  return { stdout: run.stdout, secs: Number(secs), mb: Math.round(Number(kb) / 1024) };
}

function score(ours, truth) {
  let agree = 0;
  for (const edge of ours) if (truth.has(edge)) agree++;
  return { precision: agree / Math.max(1, ours.size), recall: agree / Math.max(1, truth.size) };
}

function show(name, ours, truth) {
  if (!process.env.SHOW) return;
  const limit = Number(process.env.SHOW) > 1 ? Number(process.env.SHOW) : undefined;
  const pick = (list, n) => list.sort(() => Math.random() - 0.5).slice(0, limit ?? n);
  console.log(
    name,
    'FALSE POS',
    pick(
      [...ours].filter((e) => !truth.has(e)),
      25,
    ),
  );
  console.log(
    name,
    'MISSED',
    pick(
      [...truth].filter((e) => !ours.has(e)),
      40,
    ),
  );
}

/** Edges whose caller and callee files are both in `files` (the reference leaves tests out). */
const within = (edges, files) =>
  new Set(
    edges.filter((e) => {
      const m = /^(.*?):\d+ -> (.*?)(?:#|:\d+$)/.exec(e);
      return m && files.has(m[1]) && files.has(m[2]);
    }),
  );

function typescriptCorpus(corpus, dir) {
  const cache = path.join(base, `${corpus.name}.cache`);
  rmSync(cache, { recursive: true, force: true });
  const child = path.join(here, 'lib-precise-child.mjs');
  const files = new Set(sourceFiles(dir).map((f) => path.relative(dir, f)));
  // Five edited files spread over the tree: each run of the pass after one of them is what an edit costs.
  const sorted = [...files].sort();
  const edits = [1, 3, 5, 7, 9].map((i) => sorted[Math.floor((sorted.length * i) / 10)]);
  const syntax = measured(process.execPath, [child, 'syntax', dir, cache]);
  const first = JSON.parse(syntax.stdout);
  // The syntax index as it is now: each timing run below starts its pass cold from a copy of it.
  const syntaxOnly = `${cache}.syntax`;
  rmSync(syntaxOnly, { recursive: true, force: true });
  cpSync(cache, syntaxOnly, { recursive: true });
  // The reference of the tree as it is, then of the tree as the edits below leave it.
  const truth = checkerEdges(dir).edges;
  const after = JSON.parse(measured(process.execPath, [child, 'precise', dir, cache, ...edits]).stdout);
  const truthEdited = checkerEdges(dir).edges;
  const syntaxEdges = within(first.edges, files);
  const checked = within(after.edges, files);
  show(corpus.name, checked, truth);
  // Time and memory, cold, side by side: the pass on a fresh copy of the syntax index (no edits)
  // and scip-typescript, alternating, three times on a small tree (a second's figures are noisy).
  // scip-typescript indexes a tsconfig project; a tree without one gets the inferred one it makes.
  const scipArgs = ['index', '--cwd', dir, '--output', path.join(base, `${corpus.name}.scip`)];
  if (!existsSync(path.join(dir, 'tsconfig.json'))) scipArgs.push('--infer-tsconfig');
  const ours = [];
  const theirs = [];
  let scipError;
  /**
   * From nothing, as a server opening the tree runs it (scip-typescript starts from nothing too):
   * the first answer with the pass starting beside it, then without, in the same round.
   */
  const fromNothing = (copy) => {
    rmSync(copy, { recursive: true, force: true });
    const cold = JSON.parse(measured(process.execPath, [child, 'cold', dir, copy]).stdout);
    rmSync(copy, { recursive: true, force: true });
    const alone = JSON.parse(measured(process.execPath, [child, 'syntax', dir, copy]).stdout);
    return {
      totalMs: cold.totalMs,
      syntaxMs: cold.syntaxMs,
      afterAnswerMs: cold.afterAnswerMs,
      syntaxAloneMs: alone.ms,
    };
  };
  for (let i = 0; i < (files.size < 500 ? 3 : 1); i++) {
    const copy = `${cache}.timing`;
    rmSync(copy, { recursive: true, force: true });
    cpSync(syntaxOnly, copy, { recursive: true });
    const run = JSON.parse(measured(process.execPath, [child, 'precise', dir, copy]).stdout);
    ours.push({ ms: run.cold.ms, mb: run.cold.peakMb, ...fromNothing(copy) });
    try {
      theirs.push(
        measured(peerTools.bin('@sourcegraph/scip-typescript@0.4.0', 'scip-typescript'), scipArgs, {
          cwd: dir,
        }),
      );
    } catch (error) {
      scipError = error.message.split('\n')[0];
    }
  }
  // The first answer with and without the pass differs by tens of milliseconds on a small tree, less
  // than this machine's run-to-run spread: four more rounds of just those two, seven in all.
  const firsts = ours.map(({ ms, mb, ...first }) => first);
  if (files.size < 500) for (let i = 0; i < 4; i++) firsts.push(fromNothing(`${cache}.timing`));
  const scip = scipError
    ? { error: scipError }
    : { secs: median(theirs.map((t) => t.secs)), mb: median(theirs.map((t) => t.mb)) };
  const coldAsked = after.cold.asked;
  return {
    name: corpus.name,
    kind: corpus.kind,
    files: files.size,
    reference: truth.size,
    syntax: { ...score(syntaxEdges, truth), ms: Math.round(first.ms) },
    // The pass's memory is its checker process's own peak; the index's process holds what it held.
    precise: {
      ...score(checked, truth),
      ms: median(ours.map((o) => o.ms)),
      mb: median(ours.map((o) => o.mb)),
      totalMs: median(firsts.map((o) => o.totalMs)),
      syntaxWithPassMs: median(firsts.map((o) => o.syntaxMs)),
      afterAnswerMs: median(firsts.map((o) => o.afterAnswerMs)),
      syntaxAloneMs: median(firsts.map((o) => o.syntaxAloneMs)),
      editMb: after.redo.at(-1)?.peakMb ?? after.cold.peakMb,
      asked: coldAsked,
      state: after.cold.state,
    },
    scip,
    redo: after.redo.map((r) => ({ ...r, share: r.asked / Math.max(1, coldAsked) })),
    // After the five edits, incrementally: still as exact as the cold pass?
    edited: score(within(after.editedEdges, files), truthEdited),
  };
}

async function lspCorpus(corpus, dir) {
  const cache = path.join(base, `${corpus.name}.cache`);
  rmSync(cache, { recursive: true, force: true });
  const child = path.join(here, 'lib-precise-child.mjs');
  const first = JSON.parse(measured(process.execPath, [child, 'syntax', dir, cache]).stdout);
  const reference = await lspEdges(corpus.language, dir, peerTools, new Set(first.inFunctionsByLine));
  const files = new Set(reference.files);
  // The reference asks each function for its outgoing calls: calls at module or class level are in neither.
  const ours = within(first.inFunctionsByLine, files);
  show(corpus.name, ours, reference.edges);
  // Precision where the server has an answer: an edge whose call site it resolves to nothing (a
  // receiver it cannot type) is neither confirmed nor contradicted, and is counted apart.
  const judged = new Set([...ours].filter((e) => !reference.unjudged.has(e)));
  if (process.env.SHOW)
    console.log(
      corpus.name,
      'UNJUDGED',
      [...ours].filter((e) => reference.unjudged.has(e)),
    );
  // Edges matched by name only (kind `dynamic`, marked so in every answer) left out: what the
  // language server could have typed and we did.
  const guessed = new Set(first.dynamicInFunctionsByLine);
  const typed = new Set([...ours].filter((e) => !guessed.has(e)));
  return {
    name: corpus.name,
    kind: corpus.kind,
    files: files.size,
    reference: reference.edges.size,
    server: reference.server,
    syntax: { ...score(ours, reference.edges), ms: Math.round(first.ms) },
    judged: { precision: score(judged, reference.edges).precision, unjudged: ours.size - judged.size },
    typed: { ...score(typed, reference.edges), guessed: ours.size - typed.size },
  };
}

const f3 = (x) => x.toFixed(3);
const headers = new Set();
/** One corpus's line, printed as soon as it is measured (a later corpus failing loses nothing). */
function print(r) {
  if (r.precise) {
    if (!headers.has('ts'))
      console.log(
        '\nTypeScript/JavaScript — reference: the TypeScript checker, every call (goal: precise pass precision >= 0.98, recall >= 0.95; time <= 0.5x and memory <= 1.0x scip-typescript; an edit redoes <= 5%)\n' +
          'corpus              kind                        files   ref |  syntax P / R    ms |  precise P / R     s    MB | scip-ts  s    MB |  time   mem | edit redo: max share of cold calls (calls asked per edit / cold) | after the edits: P / R, checker peak',
      );
    headers.add('ts');
    const scip = r.scip.error
      ? `failed: ${r.scip.error.slice(0, 60)}`
      : `${r.scip.secs.toFixed(1).padStart(8)} ${String(r.scip.mb).padStart(5)}`;
    const ratios = r.scip.error
      ? ''
      : `${(r.precise.ms / 1000 / r.scip.secs).toFixed(2)}x ${(r.precise.mb / r.scip.mb).toFixed(2)}x`;
    const redo = r.redo.length ? Math.max(...r.redo.map((x) => x.share)) : 0;
    console.log(
      `${r.name.padEnd(19)} ${r.kind.padEnd(27)} ${String(r.files).padStart(5)} ${String(r.reference).padStart(5)} |  ${f3(r.syntax.precision)} / ${f3(r.syntax.recall)} ${String(r.syntax.ms).padStart(5)} |  ${f3(r.precise.precision)} / ${f3(r.precise.recall)} ${(r.precise.ms / 1000).toFixed(1).padStart(5)} ${String(r.precise.mb).padStart(5)} | ${scip} | ${ratios} | ${(redo * 100).toFixed(1)}% (${r.redo.map((x) => `${x.asked}/${r.precise.asked}`).join(', ')}) | ${f3(r.edited.precision)} / ${f3(r.edited.recall)}, checker ${r.precise.editMb} MB`,
    );
    const p = r.precise;
    console.log(
      `${''.padEnd(19)} from nothing, as a server opens the tree: checker edges in after ${(p.totalMs / 1000).toFixed(2)} s${r.scip.error ? '' : ` (${(p.totalMs / 1000 / r.scip.secs).toFixed(2)}x scip-typescript)`}, ${(p.afterAnswerMs / 1000).toFixed(2)} s after the first answer; first answer ${Math.round(p.syntaxWithPassMs)} ms with the pass starting beside it, ${Math.round(p.syntaxAloneMs)} ms alone (${((p.syntaxWithPassMs / p.syntaxAloneMs - 1) * 100).toFixed(0)}%)`,
    );
    return;
  }
  if (!headers.has('lsp'))
    console.log(
      "\nPython and Go — reference: the language server's call hierarchy (goal: precision >= 0.90 where the server resolves the call site, recall >= 0.80)",
    );
  headers.add('lsp');
  console.log(
    `${r.name.padEnd(19)} ${r.kind.padEnd(12)} ${String(r.files).padStart(5)} files  reference (${r.server}) ${String(r.reference).padStart(5)} edges  precision ${f3(r.syntax.precision)}  recall ${f3(r.syntax.recall)}  index ${r.syntax.ms} ms | where the server resolves the call site: precision ${f3(r.judged.precision)} (${r.judged.unjudged} edges it cannot resolve) | without the ${r.typed.guessed} name-matched (dynamic) edges: precision ${f3(r.typed.precision)}  recall ${f3(r.typed.recall)}`,
  );
}

fronts = (await import('./lib-fronts.mjs')).frontEnds;
mkdirSync(base, { recursive: true });
for (const corpus of CORPORA) {
  if (process.env.ONLY && !process.env.ONLY.split(',').includes(corpus.name)) continue;
  const { dir, missing } = tree(corpus);
  if (!dir) {
    console.log(`${corpus.name}: skipped (${missing})`);
    continue;
  }
  try {
    print(corpus.language === 'ts' ? typescriptCorpus(corpus, dir) : await lspCorpus(corpus, dir));
  } catch (error) {
    console.log(`${corpus.name}: failed: ${error.message}`);
  }
}
