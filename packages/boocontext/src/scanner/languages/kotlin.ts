import { emptyFacts, type FileFacts, joinPaths } from '../types.js';
import { lineIndex, parenthesised, SPRING_MAPPINGS } from './syntax.js';

/**
 * Kotlin, read from its text (no grammar ships for it): Spring controllers and the interfaces
 * they implement, JPA entities, Ktor `routing { route("/x") { get("/y") { … } } }`. Comments are
 * skipped and strings kept whole, so a brace or an `@` inside either counts for nothing.
 */

const KTOR_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|@([A-Za-z_][\w.]*)|\b(class|interface|object|fun)\s+([A-Za-z_]\w*)|\b([a-z]\w*)\s*\(\s*("(?:\\.|[^"\\\n])*")\s*\)\s*\{|[{}();=]/g;

interface Annotation {
  name: string;
  args: string;
}

interface Declaration {
  kind: string;
  name: string;
  annotations: Annotation[];
  line: number;
}

/** An annotation's `(…)` right after `from` (blanks skipped), if it has one. */
function balancedArgs(text: string, from: number): { args: string; end: number } {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] === '(' ? parenthesised(text, i) : { args: '', end: from };
}

const strings = (text: string) => [...text.matchAll(/"((?:\\.|[^"\\])*)"/g)].map((m) => m[1] as string);

/** `("/x")`, `(value = ["/a", "/b"])`, `(path = "/x", method = [RequestMethod.POST])`. */
function namedValues(args: string, names: readonly string[]): string[] | undefined {
  for (const name of names) {
    const m = new RegExp(`\\b${name}\\s*=\\s*(\\[[^\\]]*\\]|"(?:\\\\.|[^"\\\\])*"|[\\w.]+)`).exec(args);
    if (!m?.[1]) continue;
    if (m[1].startsWith('"')) return strings(m[1]);
    // `["/a", "/b"]` or `[RequestMethod.GET, RequestMethod.HEAD]`.
    if (m[1].startsWith('['))
      return m[1].includes('"')
        ? strings(m[1])
        : m[1]
            .slice(1, -1)
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
    return [m[1]];
  }
  if (names.includes('value') && /^\s*("|\[)/.test(args)) return strings(args.split(/,\s*\w+\s*=/)[0] ?? '');
  return undefined;
}

export function scanKotlin(rel: string, text: string): FileFacts {
  const facts = emptyFacts('kotlin');
  const lineOf = lineIndex(text);
  for (const m of text.matchAll(/^import\s+([\w.*]+)/gm))
    facts.imports.push({ spec: m[1] as string, line: lineOf(m.index ?? 0) });
  const ktor = facts.imports.some((i) => i.spec.startsWith('io.ktor'));
  let pending: Annotation[] = [];
  let awaitingBody: Declaration | undefined;
  /** Open braces: a type's body, a Ktor `route("/x") {` block, or any other block. */
  const stack: { type?: Declaration; prefix?: string }[] = [];
  const currentType = () => [...stack].reverse().find((f) => f.type)?.type;
  const ktorPrefix = () => joinPaths(...stack.flatMap((f) => (f.prefix !== undefined ? [f.prefix] : [])));
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const token = m[0];
    if (token.startsWith('//') || token.startsWith('/*') || token.startsWith('"')) continue;
    if (m[1]) {
      const { args, end } = balancedArgs(text, TOKEN.lastIndex);
      pending.push({ name: m[1].split('.').pop() as string, args });
      TOKEN.lastIndex = Math.max(TOKEN.lastIndex, end);
    } else if (m[2] && m[3]) {
      const declaration = { kind: m[2], name: m[3], annotations: pending, line: lineOf(m.index) };
      pending = [];
      awaitingBody = m[2] === 'fun' ? undefined : declaration;
      if (m[2] === 'fun') readHandler(declaration, currentType(), facts);
      else readType(declaration, rel, facts);
    } else if (m[4] && m[5]) {
      // `route("/x") {` or `get("/y") {`: Ktor's routing DSL.
      const call = m[4];
      const written = strings(m[5])[0] ?? '';
      if (ktor && KTOR_VERBS.has(call))
        facts.routes.push({
          method: call.toUpperCase(),
          path: joinPaths(ktorPrefix(), written),
          line: lineOf(m.index),
          framework: 'ktor',
          owner: '*ktor*',
        });
      stack.push(ktor && call === 'route' ? { prefix: written } : {});
      pending = [];
    } else if (token === '{') {
      stack.push(awaitingBody ? { type: awaitingBody } : {});
      awaitingBody = undefined;
    } else if (token === '}') stack.pop();
    else if (token === '(' || token === ')' || token === ';' || token === '=') pending = [];
  }
  if (facts.routes.length) facts.frameworks = [...new Set(facts.routes.map((r) => r.framework))];
  return facts;
}

function readType(type: Declaration, rel: string, facts: FileFacts): void {
  const entity = type.annotations.find((a) => a.name === 'Entity');
  if (!entity) return;
  const table = type.annotations.find((a) => a.name === 'Table');
  const tableName =
    (table && namedValues(table.args, ['name'])?.[0]) ?? namedValues(entity.args, ['name'])?.[0];
  facts.models.push({
    name: type.name,
    orm: 'jpa',
    file: rel,
    line: type.line,
    ...(tableName ? { table: tableName } : {}),
  });
}

/** A Spring handler: its mapping under the mappings of the controller (or interface) it is declared in. */
function readHandler(fn: Declaration, owner: Declaration | undefined, facts: FileFacts): void {
  if (!owner) return;
  const ownerMapping = owner.annotations.find((a) => a.name === 'RequestMapping');
  const isController = owner.annotations.some((a) => a.name === 'RestController' || a.name === 'Controller');
  if (!isController && !(owner.kind === 'interface' && ownerMapping)) return;
  const bases = ownerMapping ? (namedValues(ownerMapping.args, ['value', 'path']) ?? ['']) : [''];
  for (const a of fn.annotations) {
    if (!(a.name in SPRING_MAPPINGS)) continue;
    const methods = SPRING_MAPPINGS[a.name]
      ? [SPRING_MAPPINGS[a.name] as string]
      : (namedValues(a.args, ['method'])?.map((m) => m.split('.').pop() as string) ?? ['ALL']);
    const subs = namedValues(a.args, ['value', 'path']) ?? [''];
    for (const base of bases)
      for (const sub of subs.length ? subs : [''])
        for (const method of methods)
          facts.routes.push({
            method,
            path: joinPaths(base, sub),
            line: fn.line,
            framework: 'spring',
            owner: '*spring*',
            handler: `${owner.name}.${fn.name}`,
          });
  }
}
