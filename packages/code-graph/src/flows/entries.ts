/**
 * Entry points other than HTTP routes, where a language or framework names them: `main`s, CLI
 * commands, scheduled jobs, queue consumers and event handlers. Each is found by the mark the
 * framework documents (a decorator or annotation above a function, a job class's `perform` or
 * `handle`, a commander `.command(…).action(…)`), then traced like a route from its function.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isTestFile, type LanguageId } from '@boocode/source-kit';
import type { SymbolRow as QueryRow } from '../graph/queries.js';
import { indexedLanguageOf } from '../indexer/languages.js';
import type { IndexScope } from '../indexer/scope.js';
import type { Db } from '../indexer/store.js';
import { JS_FAMILY } from '../parse/node-types.js';
import type { FlowEntry } from './flows.js';

export type EntryKind = 'main' | 'cli' | 'job' | 'event';

export interface OtherEntry {
  kind: EntryKind;
  name: string;
  file: string;
  line: number;
  /** What the tracer starts from. */
  trace: FlowEntry;
}

/** Marks a framework puts on the line above a function, and what they make of it. */
const DECORATED: { mark: RegExp; kind: EntryKind }[] = [
  // NestJS schedule and microservices, Bull, Spring, Micronaut, Kafka/Rabbit/SQS/JMS listeners.
  { mark: /@(Cron|Interval|Timeout|Scheduled|Schedule)\s*\(/, kind: 'job' },
  {
    mark: /@(Process|Processor|KafkaListener|RabbitListener|SqsListener|JmsListener|StreamListener)\b/,
    kind: 'job',
  },
  {
    mark: /@(OnEvent|EventPattern|MessagePattern|EventListener|SubscribeMessage|TransactionalEventListener)\b/,
    kind: 'event',
  },
  // Python: Celery tasks, click/typer commands, Django signal receivers.
  { mark: /@(?:\w+\.)?(?:shared_task|task|periodic_task)\b/, kind: 'job' },
  { mark: /@(?:\w+\.)?command\s*\(|@click\.(?:command|group)\b/, kind: 'cli' },
  { mark: /@receiver\s*\(/, kind: 'event' },
  // C#: Azure Functions, Hangfire, MassTransit consumers marked by attribute.
  { mark: /\[(FunctionName|Function|AutomaticRetry|Queue)\s*\(/, kind: 'job' },
];

/** Any of the marks, for one pass over a file's text before the marks one by one. */
const ANY_MARK = new RegExp(DECORATED.map(({ mark }) => mark.source).join('|'));

const MAIN_NAMES = new Set(['main', 'Main']);

/** commander / yargs: `.command('sync')`, whose `.action(…)` follows. */
const COMMAND = /\.command\(\s*['"`]([^'"`]+)['"`]/;
/** Where Rails/Sidekiq job classes live. */
const JOB_DIRS = /(^|\/)(jobs|workers)\//;
const LIVE_VIEW = /\bPhoenix\.LiveView\b|:live_(view|component)\b/;
/** Laravel queued jobs and console commands. */
const PHP_JOB = /implements\s+[^{]*ShouldQueue|extends\s+Command\b/;

/**
 * Whether a file's text may hold an entry point `otherEntryPoints` finds (a function named `main`,
 * a framework's mark, a job class): what brings its language into a flows index that the routes
 * alone would leave out. Errs towards yes: a yes costs a parse, a wrong no an entry point.
 */
export function mayHoldOtherEntries(file: string, language: string, text: string): boolean {
  if (isTestFile(file)) return false;
  return (
    /\b[Mm]ain\s*(\(|=(?!=)|:\s*(async\b|function\b|\())|\bdef\s+main\b/.test(text) ||
    DECORATED.some(({ mark }) => mark.test(text)) ||
    (JS_FAMILY.has(language as LanguageId) && COMMAND.test(text)) ||
    (language === 'ruby' && JOB_DIRS.test(file) && /\bperform\b/.test(text)) ||
    (language === 'elixir' && LIVE_VIEW.test(text)) ||
    (language === 'php' && PHP_JOB.test(text))
  );
}

/**
 * What the flows of `entries` (and, with `others`, the other entry points) need indexed: the
 * languages of the files the routes are declared in, and any whose files may hold another entry
 * point; no test file, which no flow goes through. Every file when a route names only its handler,
 * or is declared in a file of no language the index reads (a GraphQL schema, a .proto): its code
 * may be anywhere.
 */
export function entryScope(entries: readonly { file: string }[], others: boolean): IndexScope | undefined {
  const languages = new Set<LanguageId>();
  for (const { file } of entries) {
    const language = file ? indexedLanguageOf(file) : undefined;
    if (!language) return undefined;
    languages.add(language);
  }
  return { languages, withoutTests: true, ...(others ? { admits: mayHoldOtherEntries } : {}) };
}

type SymbolRow = Pick<QueryRow, 'name' | 'short' | 'kind' | 'file' | 'line' | 'end_line' | 'parent'>;

function fileText(root: string, file: string): string {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return '';
  }
}

/** The project's non-route entry points, found in its indexed files. */
export function otherEntryPoints(db: Db, root: string): OtherEntry[] {
  const out: OtherEntry[] = [];
  const callable = db.prepare(
    "SELECT name, short, kind, file, line, end_line, parent FROM symbols WHERE file = ? AND kind IN ('function', 'method') ORDER BY line",
  );
  for (const s of db
    .prepare(
      "SELECT name, short, kind, file, line, end_line, parent FROM symbols WHERE short IN ('main', 'Main') AND kind IN ('function', 'method')",
    )
    .all() as SymbolRow[]) {
    if (isTestFile(s.file) || !MAIN_NAMES.has(s.short)) continue;
    out.push({
      kind: 'main',
      name: s.name,
      file: s.file,
      line: s.line,
      trace: { file: s.file, line: s.line, start: { file: s.file, name: s.name } },
    });
  }
  const files = (
    db.prepare('SELECT path, language FROM files').all() as { path: string; language: string }[]
  ).filter((f) => !isTestFile(f.path));
  for (const { path: file, language } of files) {
    const text = fileText(root, file);
    if (!text) continue;
    // Split into lines only for a file that holds a mark or a LiveView: most hold neither.
    let split: string[] | undefined;
    const lines = () => (split ??= text.split('\n'));
    let known: SymbolRow[] | undefined;
    const functions = (): SymbolRow[] => {
      known ??= callable.all(file) as SymbolRow[];
      return known;
    };
    const below = (line: number) => functions().find((s) => s.line > line && s.line <= line + 4);
    // Lines are read only for the marks the whole text holds: most files hold none.
    const marks = ANY_MARK.test(text) ? DECORATED.filter(({ mark }) => mark.test(text)) : [];
    const commands = JS_FAMILY.has(language as LanguageId) && COMMAND.test(text);
    if (marks.length > 0 || commands)
      lines().forEach((text, i, all) => {
        const line = i + 1;
        // A mark in a comment (`// .command('x').action(…)`, `# @shared_task`) is no entry point.
        if (/^\s*(\/\/|\/?\*|#(?!\[))/.test(text)) return;
        for (const { mark, kind } of marks) {
          const m = mark.exec(text);
          if (!m) continue;
          const fn = below(line);
          if (fn)
            out.push({
              kind,
              name: `${m[0].replace(/\s*\($/, '')} ${fn.name}`,
              file,
              line,
              trace: { file, line: fn.line, start: { file: file, name: fn.name } },
            });
          break;
        }
        // commander / yargs: `.command('sync').action(async () => …)` — the action's lines are its body.
        const command = commands ? COMMAND.exec(text) : null;
        if (command) {
          const actionAt = all.slice(i, i + 6).findIndex((l) => /\.action\(/.test(l));
          if (actionAt >= 0) {
            const start = line + actionAt;
            const end = Math.min(all.length, start + 40);
            out.push({
              kind: 'cli',
              name: `command ${command[1]}`,
              file,
              line,
              trace: { file, line: start, endLine: end },
            });
          }
        }
      });
    // Job classes: Rails/Sidekiq `perform`, Laravel queued jobs and console commands `handle`.
    if (language === 'ruby' && JOB_DIRS.test(file))
      for (const s of functions())
        if (s.short === 'perform')
          out.push({
            kind: 'job',
            name: s.name,
            file,
            line: s.line,
            trace: { file, line: s.line, start: { file: file, name: s.name } },
          });
    // Phoenix LiveView: each `handle_event("save", params, socket)` clause answers an event the page sends.
    if (language === 'elixir' && LIVE_VIEW.test(text))
      for (const s of functions()) {
        const event =
          s.short === 'handle_event' ? /handle_event\(\s*"([^"]+)"/.exec(lines()[s.line - 1] ?? '') : null;
        if (event)
          out.push({
            kind: 'event',
            name: `handle_event "${event[1]}" ${s.parent ?? ''}`.trim(),
            file,
            line: s.line,
            trace: { file, line: s.line, start: { file, name: s.name, line: s.line } },
          });
      }
    if (language === 'php' && PHP_JOB.test(text))
      for (const s of functions())
        if (s.short === 'handle')
          out.push({
            kind: /extends\s+Command\b/.test(text) ? 'cli' : 'job',
            name: s.name,
            file,
            line: s.line,
            trace: { file, line: s.line, start: { file: file, name: s.name } },
          });
  }
  return out;
}
