import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ToolError } from '@boocode/mcp-server-kit';
import { byCodeUnits, isTestFile } from '@boocode/source-kit';
import picomatch from 'picomatch';
import { type Grade, gradeAverage, gradeFunction } from '../health/grade.js';
import type { Db } from '../indexer/store.js';
import type { FunctionMetrics, SymbolFact } from '../parse/facts.js';
import { matchExpression } from '../search/words.js';

/** A stored symbol as the queries answer it: the extracted fact, with its id and file. */
export type SymbolInfo = Pick<
  SymbolFact,
  'name' | 'line' | 'endLine' | 'signature' | 'doc' | 'parent' | 'exported'
> & {
  id: number;
  kind: string;
  file: string;
};

/** A row of the symbols table as stored. */
export interface SymbolRow {
  id: number;
  name: string;
  short: string;
  kind: string;
  file: string;
  line: number;
  end_line: number;
  signature: string;
  doc: string | null;
  parent: string | null;
  exported: number;
  metrics: string | null;
  body_hash: string | null;
}

const info = (r: SymbolRow): SymbolInfo => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  file: r.file,
  line: r.line,
  endLine: r.end_line,
  signature: r.signature,
  ...(r.doc ? { doc: r.doc } : {}),
  ...(r.parent ? { parent: r.parent } : {}),
  exported: r.exported === 1,
});

/** At most this many matches are ranked per query: more than any page, and a bound on the work. */
const RANKED_CAP = 500;

export class Queries {
  constructor(
    private readonly db: Db,
    private readonly root: string,
  ) {}

  /** Symbols a user-given name means: `Class.method`, `method`, or `file:name`. */
  find(symbol: string, file?: string): SymbolRow[] {
    const [maybeFile, maybeName] = symbol.includes(':') && !file ? symbol.split(':') : [file, symbol];
    const name = maybeName ?? symbol;
    const where = name.includes('.') ? 'name = ?' : 'short = ?';
    const rows = this.db
      .prepare(`SELECT * FROM symbols WHERE ${where}${maybeFile ? ' AND file = ?' : ''} ORDER BY file, line`)
      .all(...(maybeFile ? [name, maybeFile] : [name])) as SymbolRow[];
    if (rows.length === 0) {
      const near = this.search(name, { limit: 5 }).results.map((r) => r.name);
      throw new ToolError(
        'NOT_FOUND',
        `no symbol named "${symbol}"${maybeFile ? ` in ${maybeFile}` : ''}${near.length ? `; did you mean ${near.join(', ')}?` : '; try symbol_search'}`,
      );
    }
    return rows;
  }

  /**
   * Symbols ranked for a query by SQLite's FTS5 (`symbol_words`, filled as the index is written):
   * BM25 over the name's words (weight 3), signature and doc (1) and path (0.5), every word also a
   * prefix; symbols with all the query's words, else with any. Nothing is held in memory between
   * queries; production code first unless the query asks for tests.
   */
  search(
    query: string,
    options: { kind?: string; language?: string; path?: string; limit?: number; cursor?: string } = {},
  ) {
    const offset = Number(options.cursor ?? 0) || 0;
    const limit = Math.min(options.limit ?? 20, 100);
    if (!matchExpression(query)) return { total: 0, results: [] };
    const filters = [
      ...(options.kind ? ['s.kind = @kind'] : []),
      ...(options.language ? ['f.language = @language'] : []),
    ];
    // Unfiltered, FTS5 ranks and cuts first and only the best are joined; filtered, the filters
    // apply before the cut so that a narrow kind or language still gets its best matches.
    const best = filters.length
      ? `SELECT symbol_words.rowid AS id, rank FROM symbol_words JOIN symbols s ON s.id = symbol_words.rowid
         JOIN files f ON f.path = s.file
         WHERE symbol_words MATCH @match ${filters.map((f) => `AND ${f}`).join(' ')} ORDER BY rank LIMIT ${RANKED_CAP}`
      : `SELECT rowid AS id, rank FROM symbol_words WHERE symbol_words MATCH @match ORDER BY rank LIMIT ${RANKED_CAP}`;
    const statement = this.db.prepare(`SELECT s.*, w.rank FROM (${best}) w JOIN symbols s ON s.id = w.id`);
    const run = (match: string | undefined) =>
      statement.all({
        match,
        ...(options.kind ? { kind: options.kind } : {}),
        ...(options.language ? { language: options.language } : {}),
      }) as (SymbolRow & { rank: number })[];
    const matchesPath = options.path ? picomatch(options.path, { dot: true }) : undefined;
    const wantsTests = /\btests?\b|\bspec\b/i.test(query);
    // Widening until a page is full: symbols whose name has every word of the query, then those
    // with every word anywhere (signature, doc, path), then those with any. Each stage is ranked
    // within itself and follows the one before; most queries end at the first, which scores only
    // the symbols whose names match.
    const all = matchExpression(query) as string;
    const seen = new Set<number>();
    const ranked: { row: SymbolRow; score: number }[] = [];
    for (const match of [`{name} : (${all})`, all, matchExpression(query, false)]) {
      if (ranked.length >= offset + limit) break;
      const stage = run(match)
        .filter((row) => !seen.has(row.id) && (!matchesPath || matchesPath(row.file)))
        // FTS5's bm25 is negative, better the lower; as a score, better the higher.
        .map((row) => ({ row, score: -row.rank * (isTestFile(row.file) && !wantsTests ? 0.5 : 1) }))
        .sort((a, b) => b.score - a.score);
      for (const hit of stage) seen.add(hit.row.id);
      ranked.push(...stage);
    }
    const page = ranked.slice(offset, offset + limit);
    return {
      total: ranked.length,
      results: page.map(({ row, score }) => ({ ...info(row), score: Math.round(score * 1000) / 1000 })),
      ...(offset + limit < ranked.length ? { nextCursor: String(offset + limit) } : {}),
    };
  }

  private symbolById(id: number): SymbolRow | undefined {
    return this.db.prepare('SELECT * FROM symbols WHERE id = ?').get(id) as SymbolRow | undefined;
  }

  /** Callers (`up`) or callees (`down`) breadth-first to `depth`, each edge with its kind and confidence. */
  walk(symbol: string, file: string | undefined, direction: 'up' | 'down', depth: number, limit: number) {
    const start = this.find(symbol, file);
    const edgeSql =
      direction === 'up'
        ? 'SELECT * FROM edges WHERE callee_id = ?'
        : 'SELECT * FROM edges WHERE caller_id = ? ORDER BY line';
    const stmt = this.db.prepare(edgeSql);
    const seen = new Set(start.map((s) => s.id));
    let frontier = start.map((s) => s.id);
    const edges: {
      from: string;
      to: string;
      file: string;
      line: number;
      kind: string;
      confidence: number;
      /** `checker`: the TypeScript checker's answer for the call; `syntax`: read from the tree. */
      via: string;
      depth: number;
      toFile?: string;
    }[] = [];
    let truncated = false;
    for (let level = 1; level <= depth && frontier.length > 0; level++) {
      const next: number[] = [];
      for (const id of frontier) {
        for (const edge of stmt.all(id) as {
          caller_id: number | null;
          callee_id: number | null;
          callee_name: string;
          file: string;
          line: number;
          kind: string;
          confidence: number;
          source: string;
        }[]) {
          if (edges.length >= limit) {
            truncated = true;
            break;
          }
          const caller = edge.caller_id !== null ? this.symbolById(edge.caller_id) : undefined;
          const callee = edge.callee_id !== null ? this.symbolById(edge.callee_id) : undefined;
          edges.push({
            from: caller?.name ?? `<module ${edge.file}>`,
            to: callee?.name ?? edge.callee_name,
            file: edge.file,
            line: edge.line,
            kind: edge.kind,
            confidence: edge.confidence,
            via: edge.source,
            depth: level,
            ...(callee ? { toFile: callee.file } : {}),
          });
          const nextId = direction === 'up' ? edge.caller_id : edge.callee_id;
          if (nextId !== null && !seen.has(nextId)) {
            seen.add(nextId);
            next.push(nextId);
          }
        }
      }
      frontier = next;
    }
    return { symbol: start.map(info), edges, truncated };
  }

  /** Shortest call chains from one symbol to another, through resolved edges. */
  paths(from: string, to: string, maxDepth: number) {
    const sources = this.find(from);
    const targets = new Set(this.find(to).map((s) => s.id));
    const stmt = this.db.prepare(
      "SELECT callee_id, MAX(source = 'checker') AS checked FROM edges WHERE caller_id = ? AND callee_id IS NOT NULL GROUP BY callee_id",
    );
    /** Hops (`caller>callee`) the checker answered for. */
    const checkedHops = new Set<string>();
    const found: number[][] = [];
    let queue: number[][] = sources.map((s) => [s.id]);
    const visited = new Set(sources.map((s) => s.id));
    for (let depth = 0; depth < maxDepth && queue.length > 0 && found.length < 10; depth++) {
      const next: number[][] = [];
      for (const path of queue) {
        const last = path.at(-1) as number;
        for (const { callee_id, checked } of stmt.all(last) as { callee_id: number; checked: number }[]) {
          if (checked) checkedHops.add(`${last}>${callee_id}`);
          const extended = [...path, callee_id];
          if (targets.has(callee_id)) found.push(extended);
          else if (!visited.has(callee_id)) {
            visited.add(callee_id);
            next.push(extended);
          }
        }
      }
      queue = next;
    }
    const kept = found.slice(0, 10);
    return {
      paths: kept.map((p) =>
        p.map((id) => {
          const s = this.symbolById(id) as SymbolRow;
          return `${s.name} (${s.file}:${s.line})`;
        }),
      ),
      /** Per path, how many of its hops the TypeScript checker confirmed (the rest the syntax read). */
      checkerHops: kept.map((p) => p.slice(1).filter((id, i) => checkedHops.has(`${p[i]}>${id}`)).length),
      truncated: found.length > 10,
    };
  }

  health(file: string | undefined, limit: number) {
    const rows = this.db
      .prepare(`SELECT * FROM symbols WHERE metrics IS NOT NULL${file ? ' AND file = ?' : ''}`)
      .all(...(file ? [file] : [])) as SymbolRow[];
    if (file && rows.length === 0) {
      const known = this.db.prepare('SELECT 1 FROM files WHERE path = ?').get(file);
      if (!known)
        throw new ToolError(
          'NOT_FOUND',
          `${file} is not in the index (not a source file, ignored, or misspelt); paths are relative to root`,
        );
    }
    const duplicates = this.duplicates(file);
    const functions = rows.map((r) => {
      const m = JSON.parse(r.metrics as string) as FunctionMetrics;
      return { name: r.name, file: r.file, line: r.line, grade: gradeFunction(m), ...m };
    });
    const byWorst = [...functions].sort(
      (a, b) => byCodeUnits(b.grade, a.grade) || b.cognitive - a.cognitive || b.cyclomatic - a.cyclomatic,
    );
    const distribution: Record<Grade, number> = { A: 0, B: 0, C: 0, D: 0, F: 0 };
    for (const f of functions) distribution[f.grade]++;
    const grade = gradeAverage(functions);
    if (file) {
      return {
        file,
        grade,
        metrics: {
          functions: functions.length,
          maxCyclomatic: Math.max(0, ...functions.map((f) => f.cyclomatic)),
          maxCognitive: Math.max(0, ...functions.map((f) => f.cognitive)),
          lines: Math.max(0, ...rows.map((r) => r.end_line)),
        },
        distribution,
        functions: byWorst.slice(0, limit),
        duplicates,
        truncated: functions.length > limit,
      };
    }
    const files = (this.db.prepare('SELECT COUNT(*) AS n FROM files').get() as { n: number }).n;
    return {
      grade,
      files,
      functions: functions.length,
      distribution,
      // The worst `limit` functions are the answer, not a cut list; only duplicates can be cut.
      hotspots: byWorst.slice(0, limit),
      duplicates: duplicates.slice(0, limit),
      truncated: duplicates.length > limit,
    };
  }

  /** Function bodies that are the same once whitespace and comments are gone. */
  private duplicates(file?: string) {
    const groups = this.db
      .prepare(
        `SELECT body_hash, GROUP_CONCAT(name || ' (' || file || ':' || line || ')', '; ') AS places, COUNT(*) AS n
         FROM symbols WHERE body_hash IS NOT NULL GROUP BY body_hash HAVING n > 1 ORDER BY n DESC`,
      )
      .all() as { places: string; n: number }[];
    const all = groups.map((g) => g.places.split('; '));
    return file ? all.filter((places) => places.some((p) => p.includes(`(${file}:`))) : all;
  }

  /** What a change reaches: transitive callers with confidence, entry points and tests. */
  async impact(options: { symbol?: string; file?: string; diff?: string; depth: number; limit: number }) {
    let changed: SymbolRow[] = [];
    if (options.symbol) changed = this.find(options.symbol, options.file);
    else if (options.file) {
      changed = this.db.prepare('SELECT * FROM symbols WHERE file = ?').all(options.file) as SymbolRow[];
      if (changed.length === 0 && !this.db.prepare('SELECT 1 FROM files WHERE path = ?').get(options.file)) {
        throw new ToolError('NOT_FOUND', `${options.file} is not in the index; paths are relative to root`);
      }
    } else if (options.diff) changed = await this.changedByDiff(options.diff);
    else
      throw new ToolError('BAD_INPUT', 'give one of symbol, file or diff (a git range such as HEAD~1..HEAD)');

    const stmt = this.db.prepare(
      'SELECT caller_id, file, line, confidence, source FROM edges WHERE callee_id = ?',
    );
    const best = new Map<
      number,
      { depth: number; confidence: number; file: string; at: number; via: string }
    >();
    /** Edges from module level (no enclosing function): a route's inline handler, a test's body. */
    const moduleSites = new Map<string, { file: string; line: number; depth: number }>();
    let frontier = changed.map((s) => ({ id: s.id, confidence: 1 }));
    const seen = new Set(changed.map((s) => s.id));
    for (let depth = 1; depth <= options.depth && frontier.length > 0; depth++) {
      const next: { id: number; confidence: number }[] = [];
      for (const node of frontier) {
        for (const edge of stmt.all(node.id) as {
          caller_id: number | null;
          file: string;
          line: number;
          confidence: number;
          source: string;
        }[]) {
          const confidence = Math.round(node.confidence * edge.confidence * 100) / 100;
          if (edge.caller_id === null) {
            const key = `${edge.file}:${edge.line}`;
            if (!moduleSites.has(key)) moduleSites.set(key, { file: edge.file, line: edge.line, depth });
            continue;
          }
          if (seen.has(edge.caller_id)) continue;
          seen.add(edge.caller_id);
          best.set(edge.caller_id, { depth, confidence, file: edge.file, at: edge.line, via: edge.source });
          next.push({ id: edge.caller_id, confidence });
        }
      }
      frontier = next;
    }
    const callers = [...best.entries()]
      .map(([id, meta]) => ({ symbol: this.symbolById(id) as SymbolRow, ...meta }))
      .sort((a, b) => a.depth - b.depth || b.confidence - a.confidence);
    const callerFiles = new Set([
      ...callers.map((c) => c.symbol.file),
      ...[...moduleSites.values()].map((m) => m.file),
    ]);
    const tests = [...callerFiles].filter(isTestFile).sort();
    const entryPoints = callers
      .filter(
        (c) =>
          !isTestFile(c.symbol.file) &&
          (c.symbol.exported === 1 || /route|handler|controller|main/i.test(c.symbol.name + c.symbol.file)),
      )
      .map((c) => `${c.symbol.name} (${c.symbol.file}:${c.symbol.line})`);
    return {
      changed: changed.map((s) => `${s.name} (${s.file}:${s.line})`),
      changedRanges: changed.map((s) => ({ file: s.file, line: s.line, endLine: s.end_line })),
      callers: callers.slice(0, options.limit).map((c) => ({
        symbol: c.symbol.name,
        file: c.symbol.file,
        line: c.symbol.line,
        endLine: c.symbol.end_line,
        /** Where it calls or reads what is reached. */
        at: c.at,
        depth: c.depth,
        confidence: c.confidence,
        /** The edge that reached it: `checker` (TypeScript's own answer) or `syntax`. */
        via: c.via,
      })),
      moduleSites: [...moduleSites.values()].slice(0, options.limit),
      entryPoints: entryPoints.slice(0, options.limit),
      tests,
      truncated: callers.length > options.limit || moduleSites.size > options.limit,
    };
  }

  async changedByDiff(range: string): Promise<SymbolRow[]> {
    // Never an option: `-O/etc/passwd` would make git read any file. A revision starts with a word
    // character, and git is told where options end.
    if (!/^[\w@][\w./~^@{}-]*(\.\.\.?[\w@][\w./~^@{}-]*)?$/.test(range)) {
      throw new ToolError(
        'BAD_INPUT',
        `"${range}" is not a git range such as HEAD~1..HEAD or main...feature`,
      );
    }
    let output: string;
    try {
      ({ stdout: output } = await promisify(execFile)(
        'git',
        ['diff', '--unified=0', '--no-color', '--end-of-options', range, '--'],
        {
          cwd: this.root,
          maxBuffer: 32 * 1024 * 1024,
          timeout: 30_000,
        },
      ));
    } catch (error) {
      throw new ToolError(
        'BAD_INPUT',
        `git diff ${range} failed: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`,
      );
    }
    const touched: SymbolRow[] = [];
    let file: string | undefined;
    const inFile = this.db.prepare('SELECT * FROM symbols WHERE file = ? AND line <= ? AND end_line >= ?');
    for (const line of output.split('\n')) {
      const header = /^\+\+\+ b\/(.*)$/.exec(line);
      if (header) file = header[1];
      const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (hunk && file) {
        const start = Number(hunk[1]);
        const end = start + Math.max(0, Number(hunk[2] ?? 1) - 1);
        for (const s of inFile.all(file, end, start) as SymbolRow[])
          if (!touched.some((t) => t.id === s.id)) touched.push(s);
      }
    }
    // The innermost symbols are the changed ones; their enclosing classes add nothing.
    return touched.filter(
      (s) => s.kind === 'function' || s.kind === 'method' || !touched.some((t) => t.parent === s.name),
    );
  }
}
