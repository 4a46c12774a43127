import path from 'node:path';
import { emptyFacts, type FileFacts, joinPaths } from './types.js';

/** Spring Boot's default-profile configuration files (a profile's own, `application-dev.yml`, is not always on). */
export const SPRING_CONFIG = /(^|\/)application\.(properties|ya?ml)$/;

/** Spring Boot keys that put a prefix before every route: the servlet context path, the dispatcher's path, WebFlux's base path. */
const SPRING_PREFIX_KEYS = [
  'server.servlet.context-path',
  'server.context-path',
  'spring.mvc.servlet.path',
  'spring.webflux.base-path',
];

/** `a.b.c=value` lines of a .properties file, and `a:\n  b:\n    c: value` nesting of a YAML one, flattened. */
function flatten(text: string, yaml: boolean): Map<string, string> {
  const out = new Map<string, string>();
  if (!yaml) {
    for (const m of text.matchAll(/^[ \t]*([\w.-]+)[ \t]*[=:][ \t]*(.*?)[ \t]*$/gm))
      if (m[1] && m[2] !== undefined) out.set(m[1], m[2]);
    return out;
  }
  const stack: { indent: number; key: string }[] = [];
  for (const raw of text.split('\n')) {
    // A second document (`---`) is another profile's: the default is the first.
    if (/^---/.test(raw) && stack.length + out.size > 0) break;
    const m = /^( *)([\w.-]+):[ \t]*(.*?)[ \t]*(#.*)?$/.exec(raw);
    if (!m) continue;
    const indent = (m[1] as string).length;
    while (stack.length && (stack[stack.length - 1] as { indent: number }).indent >= indent) stack.pop();
    const key = [...stack.map((s) => s.key), m[2] as string].join('.');
    const value = m[3] as string;
    if (value === '') stack.push({ indent, key: m[2] as string });
    else out.set(key, value.replace(/^(['"])(.*)\1$/, '$2'));
  }
  return out;
}

/**
 * Keys that put a prefix before every JAX-RS resource: Quarkus's HTTP root and its REST path (both
 * hold, in that order), Spring's Jersey application path.
 */
const JAXRS_PREFIX_KEYS = [
  ['quarkus.http.root-path'],
  [
    'quarkus.rest.path',
    'quarkus.resteasy.path',
    'quarkus.resteasy-reactive.path',
    'spring.jersey.application-path',
  ],
];
const MICRONAUT_PREFIX_KEYS = ['micronaut.server.context-path'];

const isPath = (v: string | undefined): v is string => v !== undefined && /^\/[^\s$]*$/.test(v);

/** What an application's configuration says about its routes: the prefixes Spring Boot, Quarkus, Jersey and Micronaut put before them. */
export function appConfigFacts(rel: string, text: string): FileFacts {
  const facts = emptyFacts(path.posix.extname(rel).slice(1));
  const values = flatten(text, !rel.endsWith('.properties'));
  const first = (keys: readonly string[]) => keys.map((k) => values.get(k)).find(isPath);
  const prefixes: NonNullable<FileFacts['globalPrefixes']> = [];
  const spring = first(SPRING_PREFIX_KEYS);
  if (spring) prefixes.push({ framework: 'spring', prefix: spring });
  const jaxrs = JAXRS_PREFIX_KEYS.map(first).filter(isPath);
  if (jaxrs.length) prefixes.push({ framework: 'jax-rs', prefix: joinPaths(...jaxrs) });
  const micronaut = first(MICRONAUT_PREFIX_KEYS);
  if (micronaut) prefixes.push({ framework: 'micronaut', prefix: micronaut });
  if (prefixes.length) facts.globalPrefixes = prefixes;
  return facts;
}
