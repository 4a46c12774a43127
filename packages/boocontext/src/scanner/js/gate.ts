import { isNextRouteHandlerFile } from '../nextjs.js';
import { isRouteModule, ROUTE_CONFIG } from '../react-router.js';
import { isSvelteKitRouteFile } from '../sveltekit.js';
import { GLUE_MANIFEST } from './hapi-glue.js';
import { mayDeclareScreens } from './screens.js';

/**
 * Text every file holding more than imports contains, each rule mirroring a condition of the full
 * reader (js.ts): a route or mount is a member call whose chain starts at a router the file
 * creates (a factory name) or at a conventionally named owner; a Mongoose model names mongoose,
 * a Sequelize `define` an owner named like sequelize. Comments and strings may match too; that
 * only costs a parse.
 */

/**
 * Space and comments between tokens. Each comment matches one way only — a line comment to the end
 * of its line, a block comment to its first `*\/` — so that a run of slashes (a `////…` banner) is
 * not split among the repeated gaps in every possible way: that backtracking grew 2.6× per two
 * slashes, and a 75-slash banner after `API` held a scan for good.
 */
const GAP = String.raw`(?:\s|//[^\n]*(?![^\n])|/\*(?:[^*]|\*(?!/))*\*/)*`;
/** One link of a call chain: `.name`, `?.name`, type arguments, a call with unnested parentheses. */
const LINK = String.raw`${GAP}\??\.${GAP}[\w$]+${GAP}(?:<[^<>()]*>${GAP})?(?:\([^()]*\))?`;
/**
 * `app.get(`, `router\n  // note\n  .post<T>(`, `app.disable('x').get(`: a route or mount call whose
 * chain starts at a conventionally named owner (the reader's owner test ignores case). A chain
 * with nested parentheses before the call still starts with one of these calls on the owner.
 */
const OWNED_CALL = new RegExp(
  String.raw`\b(?:app|router|route|api|server|routes|fastify|instance|hono|r)${GAP}(?:\([^()]*\))?(?:${LINK})*?${GAP}\??\.${GAP}(?:get|post|put|patch|delete|head|options|all|route|use|register|resource|group)${GAP}[(<]`,
  'i',
);

/**
 * A rule holds when all its patterns match. `needles` is a literal every match contains: most
 * files hold none, and a substring search skips the pattern's slower scan of the whole text.
 */
interface Rule {
  needles?: readonly string[];
  patterns: readonly RegExp[];
}

const RULES: readonly Rule[] = [
  { patterns: [OWNED_CALL] },
  // Router factories called (routers, prefixes, basePath) and tRPC routers: `express()`,
  // `new Hono<Env>()`, `t.router({…})`; not the words in `react-router` or a licence's "express or implied".
  {
    patterns: [
      /(?<![-/])\b(?:express|fastify|hono|koa|koarouter|router|createrouter|createtrpcrouter|elysia)\s*(?:<[^<>()]*>\s*)?\(/i,
    ],
  },
  // A tRPC procedure in a module of its own (`export const x = authedProcedure.input(…).query(…)`).
  {
    needles: ['rocedure'],
    patterns: [
      /\b[\w$]*[pP]rocedure\b(?:\s|\/\/[^\n]*(?![^\n]))*(?:\.[\s\S]{0,600}?)?\.\s*(?:query|mutation|subscription)\s*\(/,
    ],
  },
  // A module exporting an object of route paths (`export const routes = { users: `/${v1}/users` }`).
  { needles: ['export const'], patterns: [/^export\s+const\s+\w+\s*=\s*\{/m, /['"`]\/[\w$]/] },
  { needles: ['mongoose'], patterns: [/\.\s*model\s*[(<]/, /\bmongoose\b/] },
  { needles: ['define'], patterns: [/\.\s*define\s*[(<]/, /sequelize/i] },
  { needles: ['Table'], patterns: [/\b(?:pg|mysql|sqlite)Table\s*\(/] },
  { needles: ['createTable'], patterns: [/\.\s*createTable(?:IfNotExists)?\s*\(/] },
  // A Glue manifest's plugins.
  {
    needles: ['registrations', 'plugins'],
    patterns: [GLUE_MANIFEST, /\bplugin\s*:/],
  },
  // hapi's route objects in a table a module exports: a method, a path, a handler.
  { needles: ['handler'], patterns: [/\bmethod\s*:/, /\b(?:path|url)\s*:\s*['"`]\//, /\bhandler\b/] },
  {
    needles: ['@'],
    patterns: [/@\s*(?:Controller|JsonController|controller|Route|Entity|Module|Schema|Table)\b/],
  },
  // Sails' route table (`config/routes.js`).
  { needles: ['module.exports'], patterns: [/module\.exports(?:\.routes\s*=|\s*=\s*\{\s*routes\s*:)/] },
  // LoopBack 4's controllers and models: decorators imported from its packages.
  { needles: ['@loopback/'], patterns: [/['"]@loopback\/(?:rest|repository)['"]/] },
  { needles: ['RouterModule'], patterns: [/\bRouterModule\s*\.\s*register\s*\(/] },
  {
    needles: ['setGlobalPrefix', 'enableVersioning'],
    patterns: [/\.\s*(?:setGlobalPrefix|enableVersioning)\s*\(/],
  },
  { needles: ['registerAs'], patterns: [/\bregisterAs\s*(?:<[^<>()]*>\s*)?\(/] },
  { needles: ['routePrefix', 'rootPath'], patterns: [/\b(?:routePrefix|rootPath)\s*:/] },
  { needles: ['Model'], patterns: [/\bextends\s+Model\b/] },
  // Env wrappers (`getEnv('X')`, `Env.get("X")`), schema builders, zod schemas named env.
  { needles: ['env', 'Env', 'ENV'], patterns: [/(?:\benv|Env|ENV)[\w$.]*\s*\(\s*['"][A-Z][A-Z0-9_]*['"]/] },
  { needles: ['createEnv', 'cleanEnv', 'envsafe'], patterns: [/\b(?:createEnv|cleanEnv|envsafe)\s*\(/] },
  { patterns: [/env\w*\s*=\s*z\s*\.\s*object\b/i] },
  // WebSocket events: a socket's `on('event', …)`, NestJS `@SubscribeMessage`.
  {
    needles: ['.on(', 'SubscribeMessage'],
    patterns: [/(?:socket|client)\w*\s*\.\s*on\s*\(\s*['"`]|@\s*SubscribeMessage\b/i],
  },
  // gRPC services: @grpc/grpc-js `addService`, NestJS `@GrpcMethod`.
  { needles: ['addService', 'GrpcMethod'], patterns: [/\.\s*addService\s*\(|@\s*GrpcMethod\b/] },
  // GraphQL: schema templates, resolver maps and classes, Pothos and Nexus field builders.
  {
    needles: [
      'gql',
      'graphql',
      'typeDefs',
      'buildSchema',
      'Query',
      'Mutation',
      'Subscription',
      'Field',
      'Type(',
    ],
    patterns: [
      /\b(?:gql|graphql)\s*`|\btypeDefs\b|\bbuildSchema\s*\(|\b(?:Query|Mutation|Subscription)\s*:\s*\{|@\s*Resolver\b|\b(?:query|mutation|subscription)Fields?\s*\(|\b(?:queryType|mutationType|subscriptionType|extendType|objectType)\s*\(/,
    ],
  },
];

const holds = (rule: Rule, text: string) =>
  (!rule.needles || rule.needles.some((needle) => text.includes(needle))) &&
  rule.patterns.every((pattern) => pattern.test(text));

/**
 * Whether a JS/TS file needs its syntax tree: Next.js route handlers and SvelteKit endpoints (their
 * exported names are the methods), or text any route, mount, model or env wrapper is written with. Every other file
 * contributes only imports, React components and plain env reads, which the lexers read at a
 * fraction of a parse (and hand back to the parser where unsure).
 * The unit tests hold this to the full reader's answers over real code.
 */
export function needsSyntaxTree(rel: string, text: string): boolean {
  return (
    isNextRouteHandlerFile(rel) ||
    // SvelteKit endpoints and page servers: their exports are their methods and actions.
    isSvelteKitRouteFile(rel) ||
    // React Router modules and configs: their exports and calls are their routes.
    isRouteModule(rel) ||
    ROUTE_CONFIG.test(rel) ||
    // A single-page app's client-side routes.
    mayDeclareScreens(text) ||
    RULES.some((rule) => holds(rule, text))
  );
}
