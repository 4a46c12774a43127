import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ModuleResolver } from '@boocode/source-kit';
import type { Db } from '../indexer/store.js';
import type { AnswerTarget } from './ask.js';
import type { CheckJob, CheckJobFile, CheckMessage } from './child.js';

/** Unix's nicest priority (`nice 19`; Windows' idle class). */
const LOWEST_PRIORITY = 19;

/** Languages the TypeScript checker reads (JavaScript through `allowJs`). */
const CHECKED_LANGUAGES = ['typescript', 'tsx', 'javascript'];
/** Syntax edges of these kinds at this confidence or above are not asked about again. */
const SURE_KINDS = new Set(['direct', 'constructor', 'method']);
const SURE_CONFIDENCE = 0.9;
const DEFAULT_HEAP_MB = 2048;

interface CheckedRow {
  file: string;
  hash: string;
}

interface IndexedFile {
  path: string;
  hash: string;
  language: string;
}

/** An answer as stored. */
interface StoredAnswer {
  line: number;
  callee: string;
  target_file: string | null;
  target_name: string | null;
  target_line: number | null;
}

type AnsweredFile = Extract<CheckMessage, { type: 'file' }>;

interface EdgeRow {
  line: number;
  callee_name: string;
  kind: string;
  confidence: number;
  source: string;
}

/** `line\0callee` of a file's calls whose syntax edges are all sure ones. */
function confidentCalls(rows: EdgeRow[]): CheckJobFile['confident'] {
  const sure = new Map<string, boolean>();
  for (const row of rows) {
    const key = `${row.line}\u0000${row.callee_name}`;
    const isSure = row.source === 'syntax' && SURE_KINDS.has(row.kind) && row.confidence >= SURE_CONFIDENCE;
    sure.set(key, (sure.get(key) ?? true) && isSure);
  }
  return [...sure].filter(([, isSure]) => isSure).map(([key]) => key);
}

export interface PreciseStatus {
  /** `idle`: never run; `running`; `done`: the edges hold its answers; `failed`: syntax edges only. */
  state: 'idle' | 'running' | 'done' | 'failed';
  /** Files asked about in the pass in progress (or the last one), and how many are answered. */
  done: number;
  total: number;
  /** Calls the checker was asked about in the last pass. */
  asked: number;
  ms: number;
  /** The checker process's peak memory so far (resident, MB). */
  peakMb?: number;
  error?: string;
}

export interface PrecisePassOptions {
  /** The checker process's heap ceiling: past it the pass stops and the syntax edges stay. */
  heapMb?: number;
  /** Runs the edge rewrite when no index refresh is writing (the index's own lock). */
  exclusive: <T>(write: () => Promise<T>) => Promise<T>;
  /** Rewrites the given files' edges from facts and answers. */
  rebuild: (files: string[]) => Promise<void>;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The background pass that asks the TypeScript checker about the calls the syntax did not resolve
 * surely. It runs in a child process (a heap-bounded one, kept between passes so that the next
 * pass's programs reuse every unchanged file) over the files changed since their last answers and
 * the files that import them; the answers are stored by file hash, then the edges of those files
 * are rewritten with them.
 */
export class PrecisePass {
  status: PreciseStatus = { state: 'idle', done: 0, total: 0, asked: 0, ms: 0 };
  private child?: ChildProcess;
  private running?: Promise<void>;
  private again = false;
  private readonly heapMb: number;

  constructor(
    private readonly root: string,
    private readonly db: Db,
    private readonly options: PrecisePassOptions,
  ) {
    this.heapMb = options.heapMb ?? DEFAULT_HEAP_MB;
  }

  /** Starts a pass, or one more after the pass in progress (edits keep coming while it runs). */
  schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    // Begun after the caller's turn: the refresh that schedules a pass answers first. Begun at
    // once, building the job (~0.3 s on 2,000 files) and starting the checker's process came
    // before that answer.
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run())
      .catch((error: Error) => {
        this.status = { ...this.status, state: 'failed', error: error.message };
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
  }

  /** Resolves when no pass is running or queued. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.again = false;
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    // Closing the channel ends it (its `disconnect` handler exits); one that does not end is killed.
    const kill = setTimeout(() => child.kill('SIGKILL'), 2_000);
    kill.unref();
    child.once('exit', () => clearTimeout(kill));
    if (child.connected) child.disconnect();
    else child.kill();
  }

  private async run(): Promise<void> {
    const started = performance.now();
    const files = this.checkedLanguageFiles();
    const changed = this.changedSinceChecked(files);
    if (changed.length === 0) {
      if (this.status.state !== 'done') this.status = { ...this.status, state: 'done' };
      return;
    }
    // The checker's process loads (TypeScript, ~0.2 s) while the job is built.
    this.ensureChild();
    const job = this.job(files, changed);
    this.status = {
      state: 'running',
      done: 0,
      total: job.changed.length + job.importers.length,
      asked: 0,
      ms: 0,
      ...(this.status.peakMb ? { peakMb: this.status.peakMb } : {}),
    };
    const answered = await this.ask(job);
    await this.options.exclusive(async () => {
      this.store(answered);
      await this.options.rebuild(answered.map((a) => a.file));
    });
    this.status = {
      ...this.status,
      state: 'done',
      total: answered.length,
      ms: Math.round(performance.now() - started),
    };
  }

  private checkedLanguageFiles(): IndexedFile[] {
    return this.db
      .prepare('SELECT path, hash, language FROM files WHERE language IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(CHECKED_LANGUAGES)) as IndexedFile[];
  }

  /** The files whose content changed since they were last answered (all of them the first time); answers of files gone are forgotten. */
  private changedSinceChecked(files: IndexedFile[]): IndexedFile[] {
    const checked = new Map(
      (this.db.prepare('SELECT file, hash FROM checked_files').all() as CheckedRow[]).map((r) => [r.file, r]),
    );
    const current = new Set(files.map((f) => f.path));
    const forget = this.db.prepare('DELETE FROM checked_files WHERE file = ?');
    for (const file of checked.keys()) if (!current.has(file)) forget.run(file);
    return files.filter((f) => checked.get(f.path)?.hash !== f.hash);
  }

  /**
   * The files to ask about: the changed ones, with the calls whose old answers may carry over, and
   * the files importing each (asked by the checker only if the file's declarations changed).
   */
  private job(files: IndexedFile[], changed: IndexedFile[]): CheckJob {
    const current = new Map(files.map((f) => [f.path, f]));
    const importersOf = this.importersOf(
      new Set(changed.map((f) => f.path)),
      new Map(files.map((f) => [f.path, f.language])),
    );
    const importers = new Set([...importersOf.values()].flat());
    for (const f of changed) importers.delete(f.path);
    // One read of the edges of every file asked about (the edges have no index by file: a query per file scanned them all).
    const edgesByFile = new Map<string, EdgeRow[]>();
    for (const row of this.db
      .prepare(
        'SELECT file, line, callee_name, kind, confidence, source FROM edges WHERE file IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify([...changed.map((f) => f.path), ...importers])) as (EdgeRow & { file: string })[]) {
      const list = edgesByFile.get(row.file);
      if (list) list.push(row);
      else edgesByFile.set(row.file, [row]);
    }
    const entry = (file: string, hash: string): CheckJobFile => ({
      file,
      hash,
      confident: confidentCalls(edgesByFile.get(file) ?? []),
    });
    return {
      changed: changed.map((f) => ({ ...entry(f.path, f.hash), importers: importersOf.get(f.path) ?? [] })),
      importers: [...importers].map((file) => entry(file, current.get(file)?.hash as string)),
      indexed: this.db.prepare('SELECT path FROM files').pluck().all() as string[],
    };
  }

  /** For each changed file, the files that import it (by the index's imports, resolved as the syntax pass does). */
  private importersOf(changed: Set<string>, language: Map<string, string>): Map<string, string[]> {
    const modules = new ModuleResolver(this.root, language.keys());
    const imports = this.db
      .prepare('SELECT DISTINCT file, source FROM imports WHERE file IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify([...language.keys()])) as { file: string; source: string }[];
    const importers = new Map<string, string[]>();
    for (const { file, source } of imports) {
      const target = modules.resolve(file, source, language.get(file) ?? 'typescript');
      if (target && changed.has(target) && target !== file)
        importers.set(target, [...new Set([...(importers.get(target) ?? []), file])]);
    }
    return importers;
  }

  private ask(job: CheckJob): Promise<AnsweredFile[]> {
    const child = this.ensureChild();
    const answered: AnsweredFile[] = [];
    return new Promise((resolve, reject) => {
      const onMessage = (message: CheckMessage) => {
        if (message.type === 'file') {
          answered.push(message);
          this.status.done = answered.length;
        } else if (message.type === 'progress') this.options.onProgress?.(message.done, message.total);
        else if (message.type === 'done') {
          this.status.asked = message.asked;
          this.status.peakMb = message.peakMb;
          finish();
          resolve(answered);
        } else {
          finish();
          reject(
            new Error(
              `the TypeScript checker failed: ${message.message}; call edges stay as the syntax read them`,
            ),
          );
        }
      };
      const onExit = (code: number | null, signal: string | null) => {
        finish();
        this.child = undefined;
        reject(
          new Error(
            `the precise pass stopped (${signal ?? `exit ${code}`}) — most likely past its ${this.heapMb} MB heap; ` +
              'call edges stay as the syntax read them (CODE_GRAPH_PRECISE_HEAP_MB raises the ceiling)',
          ),
        );
      };
      const finish = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.unref();
        child.channel?.unref();
      };
      // A pass in flight keeps this process alive; an idle checker does not.
      child.ref();
      child.channel?.ref();
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(job);
    });
  }

  /**
   * The checker's own process, kept between passes: its memory is its own (returned whole when it
   * ends, bounded by its heap ceiling), and it ends with this one (its channel closes).
   */
  private ensureChild(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(fileURLToPath(new URL('./child.js', import.meta.url)), [this.root], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // A small young generation: the checker's garbage is short-lived, and the default semi-spaces cost ~50 MB of peak memory.
      execArgv: [`--max-old-space-size=${this.heapMb}`, '--max-semi-space-size=16'],
    });
    // What the process says on stderr (a fatal heap error) is not ours to print; drained so it never blocks.
    child.stderr?.resume();
    child.on('error', () => {});
    // Background work: the answers a host waits for (flows and routemap after an overview, on 2
    // cores) go first. Served JHipster, the first flows and routemap after a 1 s turn against the
    // overview: 1.75× at this priority, 2.32× at the usual one (medians of 6 alternating runs).
    if (child.pid !== undefined)
      try {
        setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // A system that refuses it runs the pass at the usual priority.
      }
    this.child = child;
    return child;
  }

  private store(answered: AnsweredFile[]): void {
    const forget = this.db.prepare('DELETE FROM checked_files WHERE file = ?');
    const mark = this.db.prepare('INSERT INTO checked_files (file, hash) VALUES (?, ?)');
    const previous = this.db.prepare(
      'SELECT line, callee, target_file, target_name, target_line FROM checker_calls WHERE file = ?',
    );
    const add = this.db.prepare(
      'INSERT INTO checker_calls (file, line, callee, target_file, target_name, target_line) VALUES (?, ?, ?, ?, ?, ?)',
    );
    // A declaration the index holds no symbol for (a property of an interface, say) is no edge:
    // stored as such now, while the target's lines are those the checker read.
    const declared = this.db.prepare(
      'SELECT 1 FROM symbols WHERE file = ? AND short = ? AND line <= ? AND end_line >= ? LIMIT 1',
    );
    const known = (t: AnswerTarget | null): t is AnswerTarget =>
      t !== null && declared.get(t.file, t.name.slice(t.name.indexOf('.') + 1), t.line, t.line) !== undefined;
    this.db.transaction(() => {
      for (const { file, hash, answers, kept } of answered) {
        // An edit the checker placed: the old answers outside it stand, moved with the lines.
        const standing = kept
          ? (previous.all(file) as StoredAnswer[]).flatMap((row) =>
              row.line < kept.keepBefore
                ? [row]
                : row.line > kept.keepAfter
                  ? [{ ...row, line: row.line + kept.delta }]
                  : [],
            )
          : [];
        forget.run(file);
        mark.run(file, hash);
        for (const row of standing)
          add.run(file, row.line, row.callee, row.target_file, row.target_name, row.target_line);
        for (const { line, callee, target } of answers) {
          const t = known(target) ? target : undefined;
          add.run(file, line, callee, t?.file ?? null, t?.name ?? null, t?.line ?? null);
        }
      }
    })();
  }
}
