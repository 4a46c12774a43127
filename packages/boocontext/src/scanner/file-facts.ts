import path from 'node:path';
import { parseEnv } from 'node:util';
import { type LanguageId, languageOf } from '@boocode/source-kit';
import { appConfigFacts, SPRING_CONFIG } from './app-config.js';
import { GRAPHQL_FILE, graphqlFileFacts } from './graphql.js';
import { PROTO_FILE, protoFileFacts } from './grpc.js';
import { needsSyntaxTree } from './js/gate.js';
import { lexFile } from './js/lexer.js';
import { grammarOf, scanJs } from './js/scan.js';
import { fileRouteScreens } from './js/screens.js';
import { scanDart } from './languages/dart.js';
import { scanElixir } from './languages/elixir.js';
import { lexedLanguageFacts } from './languages/gate.js';
import { readsTree, scanLanguage } from './languages/index.js';
import { scanKotlin } from './languages/kotlin.js';
import { scanRazor } from './languages/razor.js';
import { scanSwift } from './languages/swift.js';
import { apiMethodBranches, isNextApiFile } from './nextjs.js';
import { PLAY_ROUTES, playRoutesFacts } from './play-routes.js';
import { SYMFONY_ROUTING, symfonyRoutingFacts } from './symfony-routing.js';
import { ENV_FILE, emptyFacts, type FileFacts, JS_FILE, jsLanguage, PATH_VALUE, SFC_FILE } from './types.js';

export const MANIFESTS: Record<string, string> = {
  'package-lock.json': 'npm',
  'pnpm-lock.yaml': 'pnpm',
  'yarn.lock': 'yarn',
  'bun.lockb': 'bun',
  'bun.lock': 'bun',
  'Cargo.toml': 'cargo',
  'go.mod': 'go modules',
  'requirements.txt': 'pip',
  'pyproject.toml': 'pip/pyproject',
  'poetry.lock': 'poetry',
  Gemfile: 'bundler',
  'pom.xml': 'maven',
  'build.gradle': 'gradle',
  'build.gradle.kts': 'gradle',
  'composer.json': 'composer',
  'mix.exs': 'mix',
  'Package.swift': 'swift package manager',
  'pubspec.yaml': 'pub',
  Pipfile: 'pipenv',
};

/** A .NET project file: its SDK and package references name its frameworks. */
const CSPROJ = /\.csproj$/;

/**
 * Frameworks and ORMs a manifest depends on, by the manifest's name: what a project declares is
 * read before what its code happens to contain.
 */
const MANIFEST_FRAMEWORKS: [RegExp, [RegExp, string][]][] = [
  [
    /^(requirements[\w.-]*\.txt|pyproject\.toml|Pipfile)$/,
    [
      [/^\s*["']?django\b(?!-)/im, 'django'],
      [/^\s*["']?djangorestframework\b/im, 'django-rest-framework'],
      [/^\s*["']?fastapi\b/im, 'fastapi'],
      [/^\s*["']?flask\b(?!-)/im, 'flask'],
      [/^\s*["']?(sqlalchemy|flask-sqlalchemy)\b/im, 'sqlalchemy'],
      [/^\s*["']?sqlmodel\b/im, 'sqlmodel'],
      [/^\s*["']?(strawberry-graphql|graphene|ariadne)\b/im, 'graphql'],
      [/^\s*["']?grpcio\b/im, 'grpc'],
      // Servers only: aiohttp and Tornado are as often an app's HTTP client or a tool's dependency.
      [/^\s*["']?sanic\b(?!-)/im, 'sanic'],
      [/^\s*["']?quart\b(?!-)/im, 'quart'],
      [/^\s*["']?(litestar|starlite)\b(?!-)/im, 'litestar'],
      [/^\s*["']?falcon\b(?!-)/im, 'falcon'],
      [/^\s*["']?bottle\b(?!-)/im, 'bottle'],
      [/^\s*["']?pyramid\b(?!-)/im, 'pyramid'],
    ],
  ],
  [
    /^go\.mod$/,
    [
      [/gin-gonic\/gin\b/, 'gin'],
      [/labstack\/echo\b/, 'echo'],
      [/go-chi\/chi\b/, 'chi'],
      [/gofiber\/fiber\b/, 'fiber'],
      [/gorilla\/mux\b/, 'gorilla/mux'],
      [/(gorm\.io\/gorm|jinzhu\/gorm)\b/, 'gorm'],
      [/\bxorm\.io\/xorm\b|go-xorm\/xorm\b/, 'xorm'],
      [/99designs\/gqlgen\b|graph-gophers\/graphql-go\b|graphql-go\/graphql\b/, 'graphql'],
      [/google\.golang\.org\/grpc\b/, 'grpc'],
    ],
  ],
  [
    /^Gemfile$/,
    [
      [/^\s*gem\s+["']rails["']/m, 'rails'],
      [/^\s*gem\s+["']sinatra["']/m, 'sinatra'],
      [/^\s*gem\s+["']grape["']/m, 'grape'],
      [/^\s*gem\s+["']graphql["']/m, 'graphql'],
    ],
  ],
  [
    /^(pom\.xml|build\.gradle(\.kts)?)$/,
    [
      [/spring-boot/, 'spring'],
      [/spring-boot-starter-data-jpa|hibernate-core|jakarta\.persistence/, 'jpa'],
      [/mybatis/, 'mybatis'],
      [/io\.ktor/, 'ktor'],
      [/org\.jetbrains\.exposed/, 'exposed'],
      [/io\.quarkus/, 'quarkus'],
      [/io\.micronaut/, 'micronaut'],
      [/io\.javalin/, 'javalin'],
      [/io\.vertx/, 'vertx'],
      [/spring-boot-starter-graphql|spring-graphql|graphql-dgs/, 'graphql'],
      [/\bio\.grpc\b|grpc-kotlin|grpc-spring/, 'grpc'],
    ],
  ],
  [
    /^composer\.json$/,
    [
      [/"laravel\/framework"/, 'laravel'],
      [/"laravel\/lumen-framework"/, 'lumen'],
      [/"symfony\/framework-bundle"/, 'symfony'],
      [/"slim\/slim"/, 'slim'],
      [/"codeigniter4\/(framework|codeigniter4)"/, 'codeigniter'],
      [/"doctrine\/orm"/, 'doctrine'],
      [/"nuwave\/lighthouse"|"webonyx\/graphql-php"|"rebing\/graphql-laravel"/, 'graphql'],
    ],
  ],
  [
    CSPROJ,
    [
      [/Sdk="Microsoft\.NET\.Sdk\.Web"|Microsoft\.AspNetCore/, 'aspnetcore'],
      [/Microsoft\.EntityFrameworkCore/, 'efcore'],
      [/HotChocolate\.AspNetCore|GraphQL\.Server/, 'graphql'],
      [/Grpc\.AspNetCore/, 'grpc'],
    ],
  ],
  [
    /^Cargo\.toml$/,
    [
      [/^\s*actix-web\s*=/m, 'actix-web'],
      [/^\s*axum\s*=/m, 'axum'],
      [/^\s*rocket\s*=/m, 'rocket'],
      [/^\s*diesel\s*=/m, 'diesel'],
      [/^\s*sea-orm\s*=/m, 'sea-orm'],
      [/^\s*sqlx\s*=/m, 'sqlx'],
      [/^\s*(async-graphql|juniper)\s*=/m, 'graphql'],
      [/^\s*tonic\s*=/m, 'grpc'],
    ],
  ],
  [
    /^mix\.exs$/,
    [
      [/\{:phoenix,/, 'phoenix'],
      [/\{:(phoenix_)?ecto(_sql)?,/, 'ecto'],
      [/\{:absinthe,/, 'graphql'],
    ],
  ],
  [
    /^Package\.swift$/,
    [
      [/vapor\/vapor/, 'vapor'],
      [/vapor\/fluent/, 'fluent'],
    ],
  ],
  [
    /^pubspec\.yaml$/,
    [
      [/^\s*dart_frog\s*:/m, 'dart_frog'],
      [/^\s*shelf_router\s*:/m, 'shelf'],
    ],
  ],
];

/** Whether `rel` is a manifest whose dependencies name frameworks (the scan reads every one). */
export const declaresFrameworks = (rel: string) => {
  const name = path.posix.basename(rel);
  return MANIFEST_FRAMEWORKS.some(([file]) => file.test(name));
};

/** The frameworks a manifest other than package.json declares, or `undefined` when `rel` is none. */
function manifestFrameworks(rel: string, text: string): string[] | undefined {
  const name = path.posix.basename(rel);
  const entry = MANIFEST_FRAMEWORKS.find(([file]) => file.test(name));
  // A go.mod's `// indirect` requirements are its dependencies' dependencies, not its own.
  const own = name === 'go.mod' ? text.replace(/^.*\/\/\s*indirect\b.*$/gm, '') : text;
  return entry?.[1].flatMap(([marker, framework]) => (marker.test(own) ? [framework] : []));
}

const DEPENDENCY_FRAMEWORKS: Record<string, string> = {
  next: 'nextjs',
  'react-router': 'react-router',
  '@react-router/dev': 'react-router',
  '@remix-run/react': 'remix',
  '@remix-run/node': 'remix',
  react: 'react',
  '@angular/core': 'angular',
  vue: 'vue',
  svelte: 'svelte',
  '@sveltejs/kit': 'sveltekit',
  nuxt: 'nuxt',
  express: 'express',
  fastify: 'fastify',
  '@hapi/hapi': 'hapi',
  hapi: 'hapi',
  hono: 'hono',
  elysia: 'elysia',
  '@adonisjs/core': 'adonis',
  '@loopback/rest': 'loopback',
  sails: 'sails',
  koa: 'koa',
  restify: 'restify',
  '@nestjs/core': 'nestjs',
  '@trpc/server': 'trpc',
  // GraphQL servers (a client library such as @apollo/client serves nothing).
  '@apollo/server': 'graphql',
  'apollo-server': 'graphql',
  'apollo-server-express': 'graphql',
  'graphql-yoga': 'graphql',
  '@nestjs/graphql': 'graphql',
  'type-graphql': 'graphql',
  '@pothos/core': 'graphql',
  nexus: 'graphql',
  mercurius: 'graphql',
  '@grpc/grpc-js': 'grpc',
  '@ts-rest/core': 'ts-rest',
  prisma: 'prisma',
  '@prisma/client': 'prisma',
  'drizzle-orm': 'drizzle',
  typeorm: 'typeorm',
  mongoose: 'mongoose',
  sequelize: 'sequelize',
  'sequelize-typescript': 'sequelize',
  objection: 'objection',
  knex: 'knex',
};

const PY_FRAMEWORKS: Record<string, string> = {
  fastapi: 'fastapi',
  flask: 'flask',
  django: 'django',
  sqlalchemy: 'sqlalchemy',
};

/** Languages no tree-sitter grammar here reads: their readers work on the text. */
const TEXT_READERS: [RegExp, string, (rel: string, text: string) => FileFacts][] = [
  [/\.kt$/, 'kotlin', scanKotlin],
  [/\.exs?$/, 'elixir', scanElixir],
  [/\.swift$/, 'swift', scanSwift],
  [/\.dart$/, 'dart', scanDart],
  [/\.(cshtml|razor)$/, 'razor', scanRazor],
];

/** The language of a file read as text (Kotlin, Elixir), for the tallies. */
export const textLanguageOf = (rel: string) => TEXT_READERS.find(([ext]) => ext.test(rel))?.[1];

/** A Vue or Svelte single-file component: one component, and its <script> block's imports. */
function componentFile(rel: string, imports: FileFacts['imports']): FileFacts {
  const framework = rel.endsWith('.vue') ? 'vue' : 'svelte';
  const facts = emptyFacts(framework);
  facts.components.push({ name: path.posix.basename(rel).replace(/\.\w+$/, ''), framework, line: 1 });
  facts.imports = imports;
  return facts;
}

const scriptOf = (text: string) => /<script[^>]*>([\s\S]*?)<\/script>/.exec(text)?.[1];

/**
 * Text a generated file holds wherever a reader of its language finds a model in it: the Drizzle,
 * Knex, Mongoose, Sequelize, TypeORM, Objection and LoopBack shapes; GORM, bun, go-pg and xorm tags
 * and bases; SQLAlchemy, SQLModel, Flask-SQLAlchemy and Alembic tables. Of a generated file only
 * its models are kept (a schema dump is the app's schema), so one with none of this text needs no
 * syntax tree: protobuf and gqlgen stubs, a route module a build writes. Languages not listed are
 * parsed whenever their gate says so.
 */
const GENERATED_MODELS: [RegExp, (text: string) => boolean][] = [
  [
    JS_FILE,
    (text) => /Table|Entity|mongoose|Model|@loopback\/repository/.test(text) || /sequelize/i.test(text),
  ],
  [/\.go$/, (text) => /gorm[.:]|bun[.:]|pg:"|BaseModel|xorm:"/.test(text)],
  [/\.pyi?$/, (text) => /__tablename__|\btable\s*=\s*True\b|Model|create_table/.test(text)],
];

/**
 * A generated file's facts when it holds no model (nothing of it is kept); `undefined` when it may,
 * or its language's readers are not told apart so.
 */
export function generatedFacts(rel: string, text: string): FileFacts | undefined {
  const models = GENERATED_MODELS.find(([file]) => file.test(rel))?.[1];
  if (!models || models(text)) return undefined;
  return emptyFacts(JS_FILE.test(rel) ? jsLanguage(rel) : (languageOf(rel) ?? ''));
}

/**
 * What a file says without a syntax tree, when that is everything it says: manifests and data
 * files, JS/TS files the gate finds nothing but imports and components in. `undefined` means the
 * file needs `treeFacts`.
 */
export function lexedFacts(rel: string, text: string): FileFacts | undefined {
  if (JS_FILE.test(rel))
    return needsSyntaxTree(rel, text) ? undefined : withTextReads(rel, text, lexFile(rel, text));
  if (SFC_FILE.test(rel)) {
    const script = scriptOf(text);
    if (!script) return componentFile(rel, []);
    const lexed = lexFile(`${rel}.ts`, script);
    return lexed && componentFile(rel, lexed.imports);
  }
  if (GRAPHQL_FILE.test(rel)) return graphqlFileFacts(text);
  if (PROTO_FILE.test(rel)) return protoFileFacts(text);
  const language = languageOf(rel);
  if (language && readsTree(language)) return lexedLanguageFacts(rel, text, language);
  if (path.posix.basename(rel) === 'package.json') return manifestFacts(text);
  if (ENV_FILE.test(rel)) return envFileFacts(text);
  if (SPRING_CONFIG.test(rel)) return appConfigFacts(rel, text);
  if (SYMFONY_ROUTING.test(rel)) return symfonyRoutingFacts(rel, text);
  if (PLAY_ROUTES.test(rel)) return playRoutesFacts(rel, text);
  const declared = manifestFrameworks(rel, text);
  if (declared) return { ...emptyFacts(path.posix.extname(rel).slice(1)), frameworks: declared };
  const textReader = TEXT_READERS.find(([ext]) => ext.test(rel));
  if (textReader) return textReader[2](rel, text);
  return emptyFacts(language ?? path.posix.extname(rel).slice(1));
}

/** A package.json, parsed once: the frameworks its dependencies name, its workspaces, its Prisma schema. */
function manifestFacts(text: string): FileFacts {
  const facts = emptyFacts('json');
  try {
    const pkg = JSON.parse(text) as {
      dependencies?: object;
      devDependencies?: object;
      workspaces?: string[] | { packages?: string[] };
      prisma?: { schema?: string };
    };
    const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    facts.frameworks = [
      ...new Set(names.map((dep) => DEPENDENCY_FRAMEWORKS[dep]).filter((f) => f !== undefined)),
    ];
    const workspaces = Array.isArray(pkg.workspaces) ? pkg.workspaces : (pkg.workspaces?.packages ?? []);
    const prismaSchema = pkg.prisma?.schema;
    facts.manifest = { workspaces, ...(prismaSchema ? { prismaSchema } : {}) };
  } catch {
    facts.error = 'invalid JSON';
  }
  return facts;
}

/**
 * The names a dotenv file assigns, read by Node's own dotenv parser (`util.parseEnv`), so a line
 * inside a multi-line quoted value (a certificate, a key) is no variable. Of the values only paths
 * are kept (`API_PREFIX=/api`): the default of a prefix a route is written with; never a secret.
 */
function envFileFacts(text: string): FileFacts {
  const facts = emptyFacts('dotenv');
  const values = parseEnv(text);
  facts.env = Object.keys(values).sort();
  const paths = Object.entries(values).filter((entry): entry is [string, string] =>
    PATH_VALUE.test(entry[1] ?? ''),
  );
  if (paths.length) facts.constants = Object.fromEntries(paths);
  return facts;
}

/** Python frameworks are named by what a file imports, as well as by what it declares. */
function withImportedFrameworks(facts: FileFacts): FileFacts {
  const found = new Set(facts.frameworks);
  for (const imp of facts.imports) {
    const framework = PY_FRAMEWORKS[imp.spec.replace(/^\.+/, '').split('.')[0] ?? ''];
    if (framework) found.add(framework);
  }
  facts.frameworks = [...found].sort();
  return facts;
}

/**
 * A JS/TS file's facts with what its text says whichever way it was read: a Next.js pages-router API
 * file's branches its handler answers each method in, a TanStack Router route file's screens.
 */
function withTextReads<F extends FileFacts | undefined>(rel: string, text: string, facts: F): F {
  if (!facts) return facts;
  const branches = isNextApiFile(rel) ? apiMethodBranches(text) : undefined;
  const screens = fileRouteScreens(text);
  return {
    ...facts,
    ...(screens.length ? { routes: [...facts.routes, ...screens] } : {}),
    ...(branches ? { methodHandlers: { ...branches, ...facts.methodHandlers } } : {}),
  };
}

/** The grammar `treeFacts` will parse `rel` with, so it can start loading early. */
export function grammarFor(rel: string, text: string): LanguageId | undefined {
  if (JS_FILE.test(rel)) return grammarOf(rel, text);
  return SFC_FILE.test(rel) ? 'typescript' : languageOf(rel);
}

/** A file's facts from its syntax tree (tree-sitter); a file that cannot be read says why. */
export async function treeFacts(rel: string, text: string): Promise<FileFacts> {
  try {
    if (JS_FILE.test(rel)) return withTextReads(rel, text, await scanJs(rel, text));
    if (SFC_FILE.test(rel))
      return componentFile(rel, (await scanJs(`${rel}.ts`, scriptOf(text) ?? '')).imports);
    const language = languageOf(rel);
    if (language === 'python') return withImportedFrameworks(await scanLanguage(rel, text, language));
    if (language && readsTree(language)) return await scanLanguage(rel, text, language);
    return emptyFacts(language ?? path.posix.extname(rel).slice(1));
  } catch (error) {
    return { ...emptyFacts(languageOf(rel) ?? 'unknown'), error: (error as Error).message };
  }
}
