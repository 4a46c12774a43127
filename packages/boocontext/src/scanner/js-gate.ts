import { isNextRouteHandlerFile } from './nextjs.js';
import { isRouteModule, ROUTE_CONFIG } from './react-router.js';
import { JSX_FILE } from './types.js';

/**
 * Text every file holding more than imports contains, each rule mirroring a condition of the full
 * reader (js.ts): a route or mount is a member call whose chain starts at a router the file
 * creates (a factory name) or at a conventionally named owner; a Mongoose model names mongoose,
 * a Sequelize `define` an owner named like sequelize. Comments and strings may match too; that
 * only costs a parse.
 */
const GAP = String.raw`(?:\s|//[^\n]*|/\*[\s\S]*?\*/)*`;
/** One link of a call chain: `.name`, `?.name`, type arguments, a call with unnested parentheses. */
const LINK = String.raw`${GAP}\??\.${GAP}[\w$]+${GAP}(?:<[^<>()]*>${GAP})?(?:\([^()]*\))?`;
/**
 * `app.get(`, `router\n  // note\n  .post<T>(`, `app.disable('x').get(`: a route or mount call whose
 * chain starts at a conventionally named owner (the reader's owner test ignores case). A chain
 * with nested parentheses before the call still starts with one of these calls on the owner.
 */
const OWNED_CALL = new RegExp(
  String.raw`\b(?:app|router|api|server|routes|fastify|instance|hono|r)${GAP}(?:\([^()]*\))?(?:${LINK})*?${GAP}\??\.${GAP}(?:get|post|put|patch|delete|head|options|all|route|use|register)${GAP}[(<]`,
  'i',
);

const RULES: readonly (readonly RegExp[])[] = [
  [OWNED_CALL],
  // Router factories (routers, prefixes, basePath) and tRPC routers.
  [/\b(?:express|fastify|hono|koa|koarouter|router|createrouter|createtrpcrouter)\b/i],
  [/\.\s*model\s*[(<]/, /\bmongoose\b/],
  [/\.\s*define\s*[(<]/, /sequelize/i],
  [/\b(?:pg|mysql|sqlite)Table\s*\(/],
  [/@\s*(?:Controller|Entity)\b/],
  [/\bextends\s+Model\b/],
  [/\brequire\s*\(/],
  [/\bmodule\s*\.\s*exports\b/],
  [/\b(?:process|import\s*\.\s*meta)\s*\.\s*env\b/],
  // Env wrappers (`getEnv('X')`, `Env.get("X")`), schema builders, zod schemas named env.
  [/(?:\benv|Env|ENV)[\w$.]*\s*\(\s*['"][A-Z][A-Z0-9_]*['"]/],
  [/\b(?:createEnv|cleanEnv|envsafe)\s*\(/],
  [/env\w*\s*=\s*z\s*\.\s*object\b/i],
];

/**
 * Whether a JS/TS file needs its syntax tree: React components (JSX files), Next.js route handlers
 * (their exported names are the methods), or text any route, mount, model, env read or `require`
 * is written with. Every other file contributes only imports, which the module lexer reads at a
 * fraction of a parse. The unit tests hold this to the full reader's answers over real code.
 */
export function needsSyntaxTree(rel: string, text: string): boolean {
  return (
    JSX_FILE.test(rel) ||
    isNextRouteHandlerFile(rel) ||
    // React Router modules and configs: their exports and calls are their routes.
    isRouteModule(rel) ||
    ROUTE_CONFIG.test(rel) ||
    RULES.some((rule) => rule.every((pattern) => pattern.test(text)))
  );
}
