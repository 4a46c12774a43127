import { emptyFacts, type FileFacts, joinPaths } from '../types.js';
import { lineIndex } from './syntax.js';

/**
 * Dart, read from its text (no grammar ships for it): Dart Frog's file routes (`routes/users/[id].dart`
 * answering `onRequest`, its methods where it switches on `HttpMethod`) and shelf_router's
 * `Router()` routes and mounts within a file.
 */

const SHELF_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/** `routes/users/[id].dart` → `/users/{id}`; `index` is its folder; `_middleware` routes nothing. */
function dartFrogPath(rel: string): string | undefined {
  const m = /(?:^|\/)routes\/(.+)\.dart$/.exec(rel);
  if (!m?.[1] || /(^|\/)_/.test(m[1])) return undefined;
  const segments = m[1]
    .split('/')
    .filter((s) => s !== 'index')
    .map((s) => s.replace(/^\[(\.\.\.)?(\w+)\]$/, '{$2}'));
  return joinPaths(...segments);
}

export function scanDart(rel: string, text: string): FileFacts {
  const facts = emptyFacts('dart');
  const code = text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const lineOf = lineIndex(code);
  for (const m of code.matchAll(/^import\s+'([^']+)'/gm))
    facts.imports.push({ spec: m[1] as string, line: lineOf(m.index ?? 0) });
  const frog = dartFrogPath(rel);
  const handler = /\b(?:Future<Response>|FutureOr<Response>|Response)\s+onRequest\s*\(/.exec(code);
  if (frog !== undefined && handler) {
    const methods = [
      ...new Set([...code.matchAll(/\bHttpMethod\.(\w+)\b/g)].map((m) => (m[1] as string).toUpperCase())),
    ];
    for (const method of methods.length ? methods : ['ALL'])
      facts.routes.push({
        method,
        path: frog,
        line: lineOf(handler.index),
        framework: 'dart_frog',
        owner: '*dart_frog*',
        handler: 'onRequest',
      });
  }
  // shelf_router: routers made in this file, their routes (calls or cascades) and mounts of one in another.
  const routers = new Set([...code.matchAll(/\b(\w+)\s*=\s*Router\s*\(/g)].map((m) => m[1] as string));
  for (const m of code.matchAll(
    /\b(\w+)\s*=\s*Router\s*\(\s*\)((?:\s*\.\.\s*\w+\s*\(\s*'[^']*'[^;]*?)*);/g,
  )) {
    for (const c of (m[2] ?? '').matchAll(/\.\.\s*(\w+)\s*\(\s*'([^']*)'/g))
      if (SHELF_VERBS.has(c[1] as string))
        facts.routes.push({
          method: (c[1] as string).toUpperCase(),
          path: c[2] as string,
          line: lineOf((m.index ?? 0) + (c.index ?? 0)),
          framework: 'shelf',
          owner: m[1] as string,
        });
  }
  for (const m of code.matchAll(/\b(\w+)\s*\.\s*(\w+)\s*\(\s*'([^']*)'\s*,\s*(\w+)?/g)) {
    const [, owner = '', call = '', path = '', target] = m;
    if (!routers.has(owner)) continue;
    if (SHELF_VERBS.has(call))
      facts.routes.push({
        method: call.toUpperCase(),
        path,
        line: lineOf(m.index ?? 0),
        framework: 'shelf',
        owner,
      });
    else if (call === 'mount' && target)
      facts.mounts.push({ owner, prefix: path, target, line: lineOf(m.index ?? 0) });
  }
  if (facts.routes.length) facts.frameworks = [...new Set(facts.routes.map((r) => r.framework))];
  return facts;
}
