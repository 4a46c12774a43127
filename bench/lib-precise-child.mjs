// One measured step of the call-graph accuracy bench, in its own process so its peak memory is its
// own: `syntax` indexes a tree (the first answer), `precise` opens that index, runs the checker
// pass, then edits files one at a time and runs the pass again after each; `cold` starts from
// nothing as a server does (the pass enabled as the index opens, the index built, then the pass),
// timed from the start and from the first answer. Prints one JSON line.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CodeIndex } from '../packages/code-graph/dist/index.js';

const [mode, root, cache, ...edits] = process.argv.slice(2);
const index = CodeIndex.open(root, { ...process.env, CODE_GRAPH_CACHE_DIR: cache });
/**
 * Call edges as `file:line -> targetFile#Name` (`byLine`: `targetFile:line`, the target by the line
 * it is declared on); `inFunctions`: only those made within a function's or method's lines (its
 * parameters' defaults included).
 */
const edges = (inFunctions = false, kind = "!= 'reference'", byLine = false) =>
  index.db
    .prepare(
      `SELECT DISTINCT e.file, e.line, s.file AS tf, s.name AS tn, s.line AS tl FROM edges e JOIN symbols s ON s.id = e.callee_id
       ${inFunctions ? "JOIN symbols c ON c.file = e.file AND c.kind IN ('function', 'method') AND e.line BETWEEN c.line AND c.end_line" : ''}
       WHERE e.kind ${kind}`,
    )
    .all()
    .map((r) => `${r.file}:${r.line} -> ${r.tf}${byLine ? `:${r.tl}` : `#${r.tn}`}`);

// As the server does: the precise pass is enabled when the index opens (its checker process
// starts while the index refreshes), and runs after the refresh.
if (mode !== 'syntax') index.enablePrecise();
const started = performance.now();
const stats = await index.refresh();
if (mode === 'syntax') {
  console.log(
    JSON.stringify({
      ms: performance.now() - started,
      files: stats.files,
      edges: edges(),
      inFunctions: edges(true),
      dynamicInFunctions: edges(true, "= 'dynamic'"),
      inFunctionsByLine: edges(true, "!= 'reference'", true),
      dynamicInFunctionsByLine: edges(true, "= 'dynamic'", true),
    }),
  );
} else if (mode === 'cold') {
  const answered = performance.now();
  await index.preciseSettled();
  const settled = performance.now();
  console.log(
    JSON.stringify({
      ...index.preciseStatus(),
      syntaxMs: answered - started,
      afterAnswerMs: settled - answered,
      totalMs: settled - started,
    }),
  );
} else {
  await index.preciseSettled();
  const cold = index.preciseStatus();
  const coldEdges = edges();
  const redo = [];
  for (const file of edits) {
    // An edit inside a function's body (a statement before its last `return`), as a developer
    // makes; a file with no `return` gets a comment at its end.
    const full = path.join(root, file);
    const text = readFileSync(full, 'utf8');
    const at = text.lastIndexOf('\n', text.lastIndexOf('return '));
    if (text.includes('return ') && at >= 0)
      writeFileSync(full, `${text.slice(0, at)}\nvoid 0;${text.slice(at)}`);
    else appendFileSync(full, '\n// edited by the bench\n');
    await index.refresh();
    await index.preciseSettled();
    const after = index.preciseStatus();
    redo.push({ file, asked: after.asked, files: after.total, ms: after.ms, peakMb: after.peakMb });
  }
  console.log(JSON.stringify({ cold, edges: coldEdges, redo, editedEdges: edges() }));
}
index.close();
