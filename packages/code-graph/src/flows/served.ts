/**
 * Operations a framework serves itself from a declaration, with no handler in the code: API
 * Platform's operations on an `#[ApiResource]` class (its Doctrine provider reads the class's rows,
 * its processor writes them, unless the operation names its own `provider:`/`processor:`), and
 * Lighthouse's schema directives (`users: [User!]! @paginate` reads User, `@create` writes it).
 * What each declares is a data operation at the declaration; a class it names is a step.
 */
import type { DataOpKind, Entities } from './data-ops.js';
import type { FrameworkLookups } from './framework.js';
import type { SymbolRow } from './handlers.js';
import { lastSegment } from './near.js';
import { closingBracket } from './source-text.js';

export interface Served {
  starts: SymbolRow[];
  data: { entity: string; op: DataOpKind; call: string; file: string; line: number }[];
}

const WRITES = /^(POST|PUT|PATCH|DELETE)$/i;

/** The text of the call that opens on `line` (1-based), to its closing parenthesis. */
function callText(lines: string[], line: number): string {
  const text = lines.slice(line - 1, line + 59).join('\n');
  const open = text.indexOf('(');
  return open < 0 ? (lines[line - 1] ?? '') : text.slice(0, closingBracket(text, open) + 1);
}

/** A class's method, by the class's short name. */
function methodOf(className: string, method: string, find: FrameworkLookups): SymbolRow | undefined {
  for (const owner of find.symbolsNamed(className).filter((s) => s.kind === 'class'))
    for (const member of find.symbolsIn(owner.file))
      if (member.parent !== null && lastSegment(member.parent) === className && member.short === method)
        return member;
  return undefined;
}

function apiPlatform(
  entry: { file: string; line: number; method?: string },
  entities: Entities,
  find: FrameworkLookups,
): Served | undefined {
  const lines = find.lines(entry.file);
  if (!entry.file.endsWith('.php') || !lines.some((l) => /#\[ApiResource\b|@ApiResource\b/.test(l)))
    return undefined;
  // The class the attribute is on: its declaration starts at its attributes (or just below them).
  const classes = find.symbolsIn(entry.file).filter((s) => s.kind === 'class');
  const resource =
    classes.find((s) => s.line <= entry.line && entry.line <= s.end_line) ??
    classes.find((s) => s.line > entry.line);
  const entity = resource ? entities.match(resource.short) : undefined;
  if (!resource || !entity) return undefined;
  const operation = callText(lines, entry.line);
  const named = (role: string) =>
    new RegExp(`\\b${role}\\s*:\\s*\\\\?([\\w\\\\]+)::class`).exec(operation)?.[1];
  const provider = named('provider');
  const processor = named('processor');
  const writes = WRITES.test(entry.method ?? '');
  const starts = [
    provider ? methodOf(lastSegment(provider.replaceAll('\\', '.')), 'provide', find) : undefined,
    processor ? methodOf(lastSegment(processor.replaceAll('\\', '.')), 'process', find) : undefined,
  ].filter((s): s is SymbolRow => s !== undefined);
  const data: Served['data'] = [];
  // Without its own provider an operation loads through Doctrine (a POST loads nothing); without
  // its own processor a write persists (or removes) through Doctrine.
  if (!provider && entry.method?.toUpperCase() !== 'POST')
    data.push({
      entity,
      op: 'read',
      call: `API Platform Doctrine provider (${resource.short})`,
      file: entry.file,
      line: entry.line,
    });
  if (writes && !processor)
    data.push({
      entity,
      op: 'write',
      call: `API Platform Doctrine processor (${resource.short})`,
      file: entry.file,
      line: entry.line,
    });
  return { starts, data };
}

/** Lighthouse's directives that read or write the field's model. */
const LIGHTHOUSE =
  /@(paginate|all|find|first|count|aggregate|create|update|upsert|delete|forceDelete|restore)\b/;

function lighthouse(
  entry: { file: string; line: number },
  entities: Entities,
  find: FrameworkLookups,
): Served | undefined {
  if (!/\.(graphql|gql)$/.test(entry.file)) return undefined;
  const field = find.lines(entry.file)[entry.line - 1] ?? '';
  const directive = LIGHTHOUSE.exec(field)?.[1];
  if (!directive) return undefined;
  // `model: "App\\Models\\Post"` names it; else the field's type does (`[User!]!`).
  const model =
    /\bmodel\s*:\s*"([\w\\]+)"/.exec(field)?.[1]?.split('\\').pop() ??
    /^\s*:\s*\[?\s*([A-Za-z_]\w*)/.exec(field.replace(/^\s*\w+\s*(\([^)]*\))?/, ''))?.[1];
  const entity = model ? entities.match(model) : undefined;
  if (!entity) return undefined;
  const op: DataOpKind = /^(create|update|upsert|delete|forceDelete|restore)$/.test(directive)
    ? 'write'
    : 'read';
  return { starts: [], data: [{ entity, op, call: `@${directive}`, file: entry.file, line: entry.line }] };
}

/** What a framework does for an entry point declared with no handler of its own, if it is one it serves. */
export function frameworkServed(
  entry: { file: string; line: number; method?: string },
  entities: Entities,
  find: FrameworkLookups,
): Served | undefined {
  return apiPlatform(entry, entities, find) ?? lighthouse(entry, entities, find);
}
