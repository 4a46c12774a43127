import {
  type LanguageId,
  maskUnsupportedSyntax,
  type SyntaxNode as Node,
  parserFor,
  type SyntaxTree,
} from '@boocode/source-kit';
import { walk } from '../languages/syntax.js';
import { emptyFacts, type FileFacts, JSX_FILE, jsLanguage } from '../types.js';
import { components } from './components.js';
import type { JsContext, JsDetector } from './context.js';
import { env } from './env.js';
import { exportedRouters } from './exports.js';
import { graphql } from './graphql.js';
import { grpc } from './grpc.js';
import { hapiGlue } from './hapi-glue.js';
import { httpRouters } from './http-routers.js';
import { imports } from './imports.js';
import { lexFile } from './lexer.js';
import { nest } from './nest.js';
import { ormModels } from './orm-models.js';
import { routeConfig } from './route-config.js';
import { sails } from './sails.js';
import { screens } from './screens.js';
import { trpc } from './trpc.js';
import { websocket } from './websocket.js';

/**
 * The reader's concerns, in the order they see each node: imports first, so a router call knows
 * the file's imports above it. A new framework is one more detector here.
 */
const DETECTORS: readonly JsDetector[] = [
  imports,
  env,
  ormModels,
  httpRouters,
  hapiGlue,
  trpc,
  nest,
  graphql,
  grpc,
  websocket,
  components,
  routeConfig,
  screens,
  sails,
  exportedRouters,
];

type Visit = (node: Node, ctx: JsContext) => void;

/** Node type → what the detectors do there; the walk makes a node object of no other type. */
const BY_TYPE = new Map<string, Visit[]>();
for (const detector of DETECTORS)
  for (const [type, visit] of Object.entries(detector.on))
    BY_TYPE.set(type, [...(BY_TYPE.get(type) ?? []), visit]);
const READ = new Set(BY_TYPE.keys());

/**
 * TypeScript's grammar reads plain JavaScript too, so JS without JSX shares it with the .ts files
 * (one grammar to load, not two); JSX needs the TSX grammar, whichever the extension.
 */
export function grammarOf(rel: string, text: string): LanguageId {
  if (/\.[cm]?ts$/.test(rel)) return 'typescript';
  return rel.endsWith('.tsx') || /<\/|\/>/.test(text) ? 'tsx' : 'typescript';
}

function factsOfTree(rel: string, text: string, tree: SyntaxTree): FileFacts {
  const ctx: JsContext = {
    rel,
    text,
    facts: emptyFacts(jsLanguage(rel)),
    routers: new Map(),
    env: new Set(),
    frameworks: new Set(),
    tables: [],
    withComponents: JSX_FILE.test(rel),
  };
  walk(
    tree.rootNode,
    (node) => {
      for (const visit of BY_TYPE.get(node.type) ?? []) visit(node, ctx);
      return undefined;
    },
    READ,
  );
  for (const detector of DETECTORS) detector.finish?.(tree.rootNode, ctx);
  ctx.facts.env = [...ctx.env].sort();
  ctx.facts.frameworks = [...ctx.frameworks].sort();
  return ctx.facts;
}

/**
 * Reads one JavaScript/TypeScript file's syntax tree (tree-sitter): imports, routes of Express,
 * Fastify, Hono, Koa, NestJS and tRPC with their mounts, models of Drizzle, TypeORM, Mongoose and
 * Sequelize, React components and environment variables. The grammars trail the newest
 * TypeScript syntax: the gaps known are blanked before parsing (`maskUnsupportedSyntax`), and past
 * those a syntax error counts only when the lexer cannot read the file either.
 */
export async function scanJs(rel: string, text: string): Promise<FileFacts> {
  const grammar = grammarOf(rel, text);
  const tree = (await parserFor(grammar)).parse(maskUnsupportedSyntax(text, grammar));
  if (!tree) return { ...emptyFacts('javascript'), error: 'parser returned no tree' };
  try {
    const facts = factsOfTree(rel, text, tree);
    if (tree.rootNode.hasError && lexFile(rel, text) === undefined)
      facts.error = 'syntax errors; read as far as it parses';
    return facts;
  } finally {
    tree.delete();
  }
}
