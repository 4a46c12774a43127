import type { LanguageId } from '@boocode/source-kit';
import { emptyFacts, type FileFacts, isAuxiliary } from '../types.js';
import { FAST_ENDPOINT_BASE, MINIMAL_API } from './csharp.js';
import { DISPATCHES_ON_PATH, RPC_SHAPE } from './go.js';
import {
  CODEIGNITER_ROUTER,
  CODEIGNITER_ROUTES,
  LARAVEL_CONFIG,
  LIGHTHOUSE_RESOLVER,
  LUMEN_ROUTES,
  phpClasses,
} from './php.js';
import { pythonImports } from './python-imports.js';
import { DRAWN_ROUTES, RACKUP, SINATRA_FILE } from './ruby.js';
import { SYMFONY_MARKERS } from './symfony.js';
import { lineIndex } from './syntax.js';

/**
 * Text every file a language reader finds more than imports in contains: a route, mount, router
 * type, model or config marker its reader looks for. A file with none is read without a syntax
 * tree — its imports by the patterns below, which give what the tree reader gives — at a fraction
 * of a parse. Comments and strings may match too; that only costs a parse. The unit tests hold
 * these to the tree readers' answers.
 */
const NEEDS_TREE: Partial<Record<LanguageId, (rel: string, text: string) => boolean>> = {
  go: (_, text) =>
    RPC_SHAPE.test(text) ||
    /\.\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Get|Post|Put|Patch|Delete|Head|Options|Handle|HandleFunc|Group|Route|Subrouter|Router|NSRouter|NewNamespace)\s*\(|\bos\.Getenv\b|gorm[.:]|\bbun:"|\bbun\.BaseModel\b|\bpg:"|\bxorm:"|\b(gin\.(RouterGroup|Engine|IRouter|IRoutes)|echo\.(Group|Echo)|chi\.(Router|Mux)|mux\.Router|fiber\.(Router|App)|http\.ServeMux|huma\.(API|Group|Operation))\b|[\s*](query|mutation|subscription)Resolver\s*\)|\bUnimplemented\w+Server\b|\bObjectConfig\s*\{|\bNew\w+Client\s*\(/.test(
      text,
    ) ||
    DISPATCHES_ON_PATH.test(text),
  java: (_, text) =>
    /@\s*([\w.]+\.)?(RestController|Controller|Entity|MappedEntity|Table|Document|\w*Mapping|Path|ApplicationPath|Dgs(Query|Mutation|Subscription|Data))\b|\bRouterFunction\b|\bimport\s+(?:static\s+)?io\.(?:javalin|vertx\.ext\.web)\b|\b(\w+)Grpc\s*\.\s*\4ImplBase\b|\bstatic\s+final\s+String\s+\w+\s*=\s*"\//.test(
      text,
    ),
  c_sharp: (_, text) =>
    /\[\s*(Http[A-Z]\w*|Route|ApiController|QueryType|MutationType|SubscriptionType|ExtendObjectType)\b|\bDbSet\s*<|\b(?:IdentityDbContext|IdentityUserContext|ApiAuthorizationDbContext)\s*<|\busing\s+HotChocolate\b|\b(\w+)\s*\.\s*\2Base\b|\bPageModel\b|\bclass\s+\w*Controller\w*\b/.test(
      text,
    ) ||
    MINIMAL_API.test(text) ||
    FAST_ENDPOINT_BASE.test(text),
  php: (rel, text) =>
    LIGHTHOUSE_RESOLVER.test(rel) ||
    LARAVEL_CONFIG.test(rel) ||
    CODEIGNITER_ROUTES.test(rel) ||
    CODEIGNITER_ROUTER.test(text) ||
    LUMEN_ROUTES.test(text) ||
    SYMFONY_MARKERS.test(text) ||
    /\buse\s+Slim\\/.test(text) ||
    /\bRoute\s*::|\bFacades\\Route\s+as\b|withRouting|Schema\s*::\s*create|\bextends\s+\\?[\w\\]*\b(Model|Authenticatable|Pivot|MorphPivot|User)\b/.test(
      text,
    ),
  rust: (_, text) =>
    /\.\s*(service|route|configure|nest|to|merge|mount)\s*\(|\bVec\s*<\s*(?:rocket::)?Route\s*>|\bpub\s+use\b[^;]*\bas\b|#\[\s*(get|post|put|patch|delete|head|options)\b|\btable\s*!|#\[\s*(async_graphql::|juniper::)?(Object|Subscription|graphql_object|graphql_subscription)\b|tonic::async_trait|\w+_server::\w+\s+for\b/.test(
      text,
    ),
  python: (rel, text) => /(^|\/)urls\.py$/.test(rel) || PYTHON_MARKERS.some((marker) => marker.test(text)),
  ruby: (rel, text) =>
    /(^|\/)(routes|schema)\.rb$/.test(rel) ||
    DRAWN_ROUTES.test(rel) ||
    RACKUP.test(rel) ||
    /\bGrape::API\b/.test(text) ||
    SINATRA_FILE.test(text) ||
    /ApplicationRecord|ActiveRecord::Base|\bclass\s+(\w+::)*\w*(Query|Mutation|Subscription)(Type)?\s*<|\bclass\s+\w*Channel\s*</.test(
      text,
    ),
};

/**
 * What the Python readers look for: route decorators and calls, app and router constructors,
 * Django (whose model classes join across files), ORM tables, view, handler and resource classes,
 * GraphQL and gRPC libraries, Alembic tables, env reads, path constants.
 */
const PYTHON_MARKERS = [
  /^[ \t]*@[\w.]*\b(get|post|put|patch|delete|head|options|route|api_route|websocket|websocket_route|field|action|detail_route|list_route)\s*\(/m,
  /\b(include_router|register_blueprint|add_url_rule|add_resource|add_namespace|add_router|add_routes|add_subapp|add_route|add_(get|post|put|patch|delete|head|view)|blueprint|mount)\s*\(/,
  // `…Router(` alone: `\b\w*Router` matched the same, retrying the word at every word start (3× the time).
  /\b(?:FastAPI|Flask|Quart|Sanic|Blueprint|NinjaAPI|Litestar|Starlite|Api|Namespace|Application|Route)\s*\(|Router\s*\(/,
  /\b(websocket_)?urlpatterns\b|^[ \t]*(from|import)\s+(django|strawberry|graphene|ariadne|flask_sqlalchemy)/m,
  /__tablename__|\btable\s*=\s*True\b|\bdb\.Model\b|\bop\.create_table\b|\bos\.(getenv|environ)\b|Stub\s*\(|Servicer\b/,
  /^[ \t]*class\s+\w+\s*\([^)]*\b\w*(View|ViewSet|Resource|Handler|ModelMixin|Controller)\b|\bdef\s+on_(get|post|put|patch|delete|head|options)\b/m,
  /^[ \t]*\w+[ \t]*(:[^=\n]*)?=[ \t]*[rRbBuU]{0,2}["']\//m,
];

/** Imports as each tree reader records them: the spec, the line of the import. */
const IMPORTS: Partial<
  Record<LanguageId, (text: string, lineOf: (offset: number) => number) => FileFacts['imports']>
> = {
  go(text, lineOf) {
    const out: FileFacts['imports'] = [];
    for (const block of text.matchAll(/^import\s*(\(([\s\S]*?)\)|(?:[\w.]+\s+)?"[^"\n]*")/gm)) {
      const start = block.index ?? 0;
      const body = block[2] ?? block[1] ?? '';
      const offset = start + block[0].indexOf(body);
      for (const spec of body.matchAll(/^[ \t]*(?:[\w.]+[ \t]+)?"([^"\n]+)"/gm))
        out.push({ spec: spec[1] as string, line: lineOf(offset + (spec.index ?? 0)) });
    }
    return out;
  },
  java: (text, lineOf) =>
    [...text.matchAll(/^[ \t]*import\s+(?:static\s+)?([\w.*\s]+?)\s*;/gm)].map((m) => ({
      spec: (m[1] as string).replace(/\s+/g, ''),
      line: lineOf(m.index ?? 0),
    })),
  c_sharp: (text, lineOf) =>
    [...text.matchAll(/^[ \t]*(?:global\s+)?using\s+(?!\(|var\b)([^;{}()]+);/gm)].map((m) => ({
      spec: m[0].trim().replace(/^using\s+|;$/g, ''),
      line: lineOf(m.index ?? 0),
    })),
  php: (text, lineOf) =>
    [...text.matchAll(/^use\s+(?:function\s+|const\s+)?([\w\\]+(?:\s+as\s+\w+)?)\s*;/gm)].map((m) => ({
      spec: m[1] as string,
      line: lineOf(m.index ?? 0),
    })),
  rust: (text, lineOf) =>
    [...text.matchAll(/^[ \t]*((?:pub(?:\([^)]*\))?\s+)?use\s+[^;]+;)/gm)].map((m) => ({
      spec: (m[1] as string).replace(/^use\s+|;$/g, ''),
      line: lineOf(m.index ?? 0),
    })),
  ruby: () => [],
};

/**
 * A file of a tree-read language whose text holds nothing its reader looks for beyond imports:
 * its facts from the text. `undefined` when the file needs its syntax tree.
 */
export function lexedLanguageFacts(rel: string, text: string, language: LanguageId): FileFacts | undefined {
  const needs = NEEDS_TREE[language];
  const imports = IMPORTS[language];
  // A test's routes and models are not the app's (they are set aside when joined): its imports are all it adds.
  if (!needs || (needs(rel, text) && !isAuxiliary(rel))) return undefined;
  // Python's `from … import` binds names too, which mounts and views are looked up by.
  if (language === 'python') return { ...emptyFacts(language), ...pythonImports(text) };
  if (!imports) return undefined;
  const facts = { ...emptyFacts(language), imports: imports(text, lineIndex(text)) };
  // A PHP class's base: a model may extend a model of the project that another file declares.
  const classes = language === 'php' ? phpClasses(text) : [];
  return classes.length ? { ...facts, modelClasses: classes } : facts;
}
