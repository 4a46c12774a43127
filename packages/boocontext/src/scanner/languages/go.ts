import type { SyntaxNode as Node } from '@boocode/source-kit';
import { emptyFacts, type FileFacts } from '../types.js';
import { HTTP, line, unquote } from './syntax.js';

interface GoContext {
  facts: FileFacts;
  frameworks: Set<string>;
  env: Set<string>;
}

function readImport(node: Node, { facts, frameworks }: GoContext): void {
  const spec = unquote(node.childForFieldName('path'));
  if (!spec) return;
  facts.imports.push({ spec, line: line(node) });
  if (/gin-gonic/.test(spec)) frameworks.add('gin');
  if (/labstack\/echo/.test(spec)) frameworks.add('echo');
  if (/go-chi/.test(spec)) frameworks.add('chi');
}

/** `v1 := r.Group("/v1")`: the group's routes sit under its owner's prefix and its own. */
function readGroup(node: Node, prefixes: Map<string, string>): void {
  const left = node.childForFieldName('left')?.namedChild(0)?.text;
  const right = node.childForFieldName('right')?.namedChild(0);
  const fn = right?.type === 'call_expression' ? right.childForFieldName('function') : undefined;
  if (left && fn?.type === 'selector_expression' && fn.childForFieldName('field')?.text === 'Group') {
    const owner = fn.childForFieldName('operand')?.text ?? '';
    const prefix = unquote(right?.childForFieldName('arguments')?.namedChild(0)) ?? '';
    prefixes.set(left, (prefixes.get(owner) ?? '') + prefix);
  }
}

/**
 * Routes of net/http (`HandleFunc("GET /x", h)`), gin/echo (`r.GET`) and chi (`r.Get`), and
 * `os.Getenv`. A chi `r.Route("/api", func(r chi.Router) {…})` returns the prefixes its body
 * sees; any other call returns `undefined`.
 */
function readCall(
  node: Node,
  ctx: GoContext,
  prefixes: Map<string, string>,
): [Node, Map<string, string>] | undefined {
  const fn = node.childForFieldName('function');
  if (fn?.type !== 'selector_expression') return undefined;
  const args = node.childForFieldName('arguments');
  const owner = fn.childForFieldName('operand')?.text ?? '';
  const method = fn.childForFieldName('field')?.text ?? '';
  const first = unquote(args?.namedChild(0));
  const base = prefixes.get(owner) ?? '';
  if (owner === 'os' && method === 'Getenv' && first) ctx.env.add(first);
  if (first === undefined) return undefined;
  if (method === 'HandleFunc' || method === 'Handle') {
    const [maybeMethod, maybePath] = first.includes(' ') ? first.split(/\s+/, 2) : ['ALL', first];
    ctx.facts.routes.push({
      method: maybeMethod ?? 'ALL',
      path: base + (maybePath ?? first),
      line: line(node),
      framework: 'net/http',
      owner: '*go*',
    });
    ctx.frameworks.add('net/http');
  } else if (HTTP.has(method.toUpperCase()) && (args?.namedChildren.length ?? 0) >= 2) {
    const framework = method === method.toUpperCase() ? (ctx.frameworks.has('echo') ? 'echo' : 'gin') : 'chi';
    ctx.facts.routes.push({
      method: method.toUpperCase(),
      path: base + first,
      line: line(node),
      framework,
      owner: '*go*',
      handler: args?.namedChild(1)?.text ?? '',
    });
  } else if (method === 'Route') {
    const fnLit = args?.namedChildren.find((a) => a?.type === 'func_literal');
    const param = fnLit?.childForFieldName('parameters')?.namedChild(0)?.childForFieldName('name')?.text;
    if (fnLit && param) return [fnLit, new Map(prefixes).set(param, base + first)];
  }
  return undefined;
}

/** Go: imports, net/http (incl. Go 1.22 "GET /x" patterns), gin, echo and chi routes with groups, env. */
export function scanGo(root: Node): FileFacts {
  const ctx: GoContext = { facts: emptyFacts('go'), frameworks: new Set(), env: new Set() };
  const visit = (node: Node, prefixes: Map<string, string>) => {
    if (node.type === 'import_spec') readImport(node, ctx);
    if (node.type === 'short_var_declaration' || node.type === 'assignment_statement')
      readGroup(node, prefixes);
    // A chi sub-router's body is read with its prefix instead of the outer ones.
    const [body, inner] = (node.type === 'call_expression' && readCall(node, ctx, prefixes)) || [
      node,
      prefixes,
    ];
    for (const child of body.namedChildren) if (child) visit(child, inner);
  };
  visit(root, new Map());
  ctx.facts.env = [...ctx.env].sort();
  ctx.facts.frameworks = [...ctx.frameworks].sort();
  return ctx.facts;
}
