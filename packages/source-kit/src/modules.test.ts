import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleResolver } from './modules.js';

const root = mkdtempSync(path.join(tmpdir(), 'modules-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

// The common shape: `"@/*"` and `"src/**/*.ts"` hold `/*` and `*/`, which a regex comment
// stripper read as a comment, so the whole file failed to parse and every alias vanished.
write('tsconfig.json', '{"compilerOptions":{"paths":{"@/*":["./src/*"]}},"include":["src/**/*.ts"]}');
write('src/db/client.ts', 'export const prisma = 1;\n');
write('src/app.ts', "import { prisma } from '@/db/client';\n");
// A package of a monorepo with its own config, extending a shared one (comments, trailing commas)
// and a published base from node_modules.
write('node_modules/@tsconfig/strictest/tsconfig.json', '{ "compilerOptions": { "strict": true } }');
write(
  'node_modules/@tsconfig/strictest/package.json',
  '{ "name": "@tsconfig/strictest", "version": "1.0.0" }',
);
write(
  'tsconfig.shared.json',
  '{\n  // shared by every package\n  "extends": "@tsconfig/strictest/tsconfig.json",\n  "compilerOptions": { "baseUrl": ".", "paths": { "#lib/*": ["packages/lib/src/*"], }, },\n}\n',
);
write('packages/web/tsconfig.json', '{ "extends": "../../tsconfig.shared.json" }');
write('packages/lib/src/format.ts', 'export const format = 1;\n');
write('packages/web/src/page.tsx', "import { format } from '#lib/format';\n");

const files = ['src/db/client.ts', 'src/app.ts', 'packages/lib/src/format.ts', 'packages/web/src/page.tsx'];

describe('ModuleResolver and tsconfig paths', () => {
  const resolver = new ModuleResolver(root, files);

  it('reads the common `@/*` shape that a comment-stripping regex broke', () => {
    expect(resolver.resolve('src/app.ts', '@/db/client', 'typescript')).toBe('src/db/client.ts');
  });

  it('follows extends (a shared config with comments, a package base) per package', () => {
    expect(resolver.resolve('packages/web/src/page.tsx', '#lib/format', 'tsx')).toBe(
      'packages/lib/src/format.ts',
    );
    // The root config has no `#lib/*`: the alias belongs to the package that declares it.
    expect(resolver.resolve('src/app.ts', '#lib/format', 'typescript')).toBeUndefined();
  });
});

describe('ModuleResolver and Vue projects without a tsconfig', () => {
  const vue = mkdtempSync(path.join(tmpdir(), 'modules-vue-'));
  afterAll(() => rmSync(vue, { recursive: true, force: true }));
  const vueFiles = [
    'web/src/router/index.js',
    'web/src/views/Home.vue',
    'web/src/components/Card.vue',
    'web/src/api.js',
  ];
  mkdirSync(path.join(vue, 'web'), { recursive: true });
  writeFileSync(path.join(vue, 'web/package.json'), '{ "dependencies": { "vue": "3.0.0" } }');
  const resolver = new ModuleResolver(vue, vueFiles);

  it("reads vue-cli's `@/` as the project's src/, and a component's file without its extension", () => {
    expect(resolver.resolve('web/src/router/index.js', '@/views/Home', 'javascript')).toBe(
      'web/src/views/Home.vue',
    );
    expect(resolver.resolve('web/src/router/index.js', '@/api', 'javascript')).toBe('web/src/api.js');
    expect(resolver.resolve('web/src/views/Home.vue', '../components/Card', 'javascript')).toBe(
      'web/src/components/Card.vue',
    );
    expect(resolver.resolve('web/src/router/index.js', '@/views/Missing', 'javascript')).toBeUndefined();
  });
});

describe('ModuleResolver and Rust module paths', () => {
  const rust = [
    'api/src/main.rs',
    'api/src/startup.rs',
    'api/src/routes/mod.rs',
    'api/src/routes/login/mod.rs',
    'api/src/routes/login/post.rs',
    'api/src/idempotency/mod.rs',
    'api/src/idempotency/persistence.rs',
    'api/src/authentication.rs',
  ];
  const resolver = new ModuleResolver(root, rust, () => false);
  const resolve = (from: string, path: string) => resolver.resolve(from, path, 'rust');

  it('reads `crate::` from the crate root, the folder of its main.rs or lib.rs', () => {
    expect(resolve('api/src/routes/login/post.rs', 'crate::authentication')).toBe(
      'api/src/authentication.rs',
    );
    expect(resolve('api/src/routes/login/post.rs', 'crate::idempotency')).toBe('api/src/idempotency/mod.rs');
    expect(resolve('api/src/startup.rs', 'crate::routes::login::post')).toBe('api/src/routes/login/post.rs');
    expect(resolve('api/src/startup.rs', 'crate')).toBe('api/src/main.rs');
  });

  it('reads `self::` and a child module from the module’s own folder, `super::` from its parent’s', () => {
    expect(resolve('api/src/idempotency/mod.rs', 'persistence')).toBe('api/src/idempotency/persistence.rs');
    expect(resolve('api/src/idempotency/mod.rs', 'self::persistence')).toBe(
      'api/src/idempotency/persistence.rs',
    );
    expect(resolve('api/src/routes/login/post.rs', 'super')).toBe('api/src/routes/login/mod.rs');
    expect(resolve('api/src/routes/login/post.rs', 'super::super')).toBe('api/src/routes/mod.rs');
    expect(resolve('api/src/idempotency/persistence.rs', 'super')).toBe('api/src/idempotency/mod.rs');
    // A 2015-edition path: from the crate's root when no child module has that name.
    expect(resolve('api/src/routes/login/post.rs', 'authentication')).toBe('api/src/authentication.rs');
  });

  it('reads a `use` as written to the module it names items of', () => {
    expect(resolve('api/src/startup.rs', 'crate::authentication::{validate_credentials, Credentials}')).toBe(
      'api/src/authentication.rs',
    );
    expect(resolve('api/src/startup.rs', 'crate::idempotency::persistence::save_response as save')).toBe(
      'api/src/idempotency/persistence.rs',
    );
    expect(resolve('api/src/startup.rs', 'crate::routes::login::*')).toBe('api/src/routes/login/mod.rs');
  });

  it('finds no file for an external crate’s path', () => {
    expect(resolve('api/src/startup.rs', 'sqlx::postgres')).toBeUndefined();
    expect(resolve('api/src/startup.rs', 'sqlx::{PgPool, Postgres}')).toBeUndefined();
    expect(resolve('api/src/startup.rs', 'actix_web')).toBeUndefined();
  });
});

describe('ModuleResolver and Python imports', () => {
  const python = [
    // A src layout: Python's path starts above the top package.
    'backend/src/shop/__init__.py',
    'backend/src/shop/db.py',
    'backend/src/shop/api/__init__.py',
    'backend/src/shop/api/orders.py',
    'backend/src/shop/json/__init__.py',
    // A script folder of its own (no package), with a module named like the package's.
    'scripts/seed.py',
    'scripts/shop/db.py',
    // A stub alone stands for its module.
    'backend/src/shop/native.pyi',
    'settings.py',
  ];
  const resolver = new ModuleResolver(root, python, () => false);
  const resolve = (from: string, spec: string) => resolver.resolve(from, spec, 'python');

  it('reads an absolute import from where the importing file’s top package starts, or from the root', () => {
    expect(resolve('backend/src/shop/api/orders.py', 'shop.db')).toBe('backend/src/shop/db.py');
    expect(resolve('backend/src/shop/db.py', 'shop.api.orders')).toBe('backend/src/shop/api/orders.py');
    expect(resolve('backend/src/shop/api/orders.py', 'shop.api')).toBe('backend/src/shop/api/__init__.py');
    expect(resolve('backend/src/shop/api/orders.py', 'shop.native')).toBe('backend/src/shop/native.pyi');
    expect(resolve('backend/src/shop/api/orders.py', 'settings')).toBe('settings.py');
    // The same name from another start is another module.
    expect(resolve('scripts/seed.py', 'shop.db')).toBe('scripts/shop/db.py');
    expect(resolve('scripts/seed.py', 'shop.api.orders')).toBeUndefined();
  });

  it('reads a relative import from the importing folder, one folder up per extra dot', () => {
    expect(resolve('backend/src/shop/api/orders.py', '..db')).toBe('backend/src/shop/db.py');
    expect(resolve('backend/src/shop/api/orders.py', '.')).toBe('backend/src/shop/api/__init__.py');
    expect(resolve('backend/src/shop/api/orders.py', '..')).toBe('backend/src/shop/__init__.py');
    expect(resolve('backend/src/shop/db.py', '.api.orders')).toBe('backend/src/shop/api/orders.py');
  });

  it('leaves the standard library’s modules alone inside a package of the same name', () => {
    expect(resolve('backend/src/shop/json/__init__.py', 'json')).toBeUndefined();
    expect(resolve('backend/src/shop/db.py', 'os.path')).toBeUndefined();
  });
});

describe('ModuleResolver and Go packages', () => {
  it('names a package by the first of its files an import compiles, whatever order the files came in', () => {
    const tree = 'go-tree';
    write(`${tree}/go.mod`, 'module example.com/shop\n\ngo 1.22\n');
    for (const file of ['db/db_path_test.go', 'db/schema.go', 'db/db.go', 'only/only_test.go', 'main.go'])
      write(`${tree}/${file}`, 'package x\n');
    // Test files first, as a scan that parses some files after the rest lists them.
    const listed = ['db/db_path_test.go', 'only/only_test.go', 'db/schema.go', 'db/db.go', 'main.go'];
    for (const order of [listed, [...listed].reverse()]) {
      const resolver = new ModuleResolver(path.join(root, tree), order);
      expect(resolver.resolve('main.go', 'example.com/shop/db', 'go')).toBe('db/db.go');
      // A folder of tests alone is no package another imports.
      expect(resolver.resolve('main.go', 'example.com/shop/only', 'go')).toBeUndefined();
    }
  });
});
