import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ts from '../typescript.js';
import { Projects, withoutNumericDeclarations } from './projects.js';

const work = mkdtempSync(path.join(tmpdir(), 'ts-types-projects-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project on disk: its files by relative path. */
function project(name: string, files: Record<string, string>): string {
  const root = path.join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const APP = {
  // A global-only @types package, and a package imported for its types.
  'node_modules/@types/host-globals/index.d.ts': 'declare function hostGlobal(): void;\n',
  'node_modules/dep/package.json': '{ "name": "dep", "types": "index.d.ts" }',
  'node_modules/dep/index.d.ts':
    'export declare function each<T>(items: T[], visit: (item: T) => void): void;\n',
  'src/job.ts': 'export class Job { run(): void {} }\n',
  'src/main.ts': [
    "import { each } from 'dep';",
    "import { Job } from './job';",
    'const jobs: Job[] = [new Job()];',
    'jobs.forEach((job) => job.run());',
    'each(jobs, (job) => job.run());',
    'new Uint8Array(2).forEach(() => jobs[0]?.run());',
    '',
  ].join('\n'),
};

function programOf(root: string, projectCallsOnly: boolean) {
  const projects = new Projects(root, { projectCallsOnly });
  const program = projects.program(projects.rootProject());
  const names = program.getSourceFiles().map((f) => path.basename(f.fileName));
  return { program, names };
}

/** The declaration each `job.run()` call in main.ts reaches, as the checker resolves it. */
function runTargets(program: ts.Program, root: string): string[] {
  const checker = program.getTypeChecker();
  const main = program.getSourceFile(path.join(root, 'src/main.ts'));
  const targets: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'run'
    ) {
      const declaration = checker.getSymbolAtLocation(node.expression.name)?.declarations?.[0];
      targets.push(declaration ? path.relative(root, declaration.getSourceFile().fileName) : 'unresolved');
    }
    ts.forEachChild(node, visit);
  };
  if (main) visit(main);
  return targets;
}

describe('projects for a caller that asks only about the project’s calls', () => {
  it('leaves out the DOM libs and global-only @types, and still resolves calls through the language lib and imported packages', () => {
    const root = project('with-lib', {
      ...APP,
      'tsconfig.json': JSON.stringify({
        compilerOptions: { lib: ['es2020', 'dom'], strict: true },
        include: ['src'],
      }),
    });
    const full = programOf(root, false);
    expect(full.names).toEqual(expect.arrayContaining(['lib.dom.d.ts', 'lib.es2020.d.ts']));
    expect(full.program.getSourceFiles().some((f) => f.fileName.includes('@types/host-globals'))).toBe(true);

    const lean = programOf(root, true);
    expect(lean.names).toContain('lib.es2020.d.ts');
    expect(lean.names).not.toContain('lib.dom.d.ts');
    expect(lean.program.getSourceFiles().some((f) => f.fileName.includes('@types/host-globals'))).toBe(false);
    expect(lean.program.getSourceFiles().some((f) => f.fileName.endsWith('dep/index.d.ts'))).toBe(true);
    expect(runTargets(lean.program, root)).toEqual(['src/job.ts', 'src/job.ts', 'src/job.ts']);
  });

  it('parses the language lib without its typed arrays, Intl and Atomics, and resolves the calls made around them', () => {
    const root = project('numeric-lib', {
      ...APP,
      'tsconfig.json': JSON.stringify({
        compilerOptions: { lib: ['es2022'], strict: true },
        include: ['src'],
      }),
    });
    const es5 = (program: ts.Program) =>
      program.getSourceFiles().find((f) => path.basename(f.fileName) === 'lib.es5.d.ts')?.text ?? '';
    const full = programOf(root, false).program;
    expect(es5(full)).toMatch(/^interface Uint8Array</m);
    expect(es5(full)).toMatch(/^declare namespace Intl \{/m);
    const lean = programOf(root, true).program;
    expect(es5(lean)).not.toMatch(/^interface Uint8Array</m);
    expect(es5(lean)).not.toMatch(/^declare var Float64Array:/m);
    expect(es5(lean)).not.toMatch(/^declare namespace Intl \{/m);
    // What is around them stays: the Array the project's calls go through, ArrayBuffer, DataView.
    expect(es5(lean)).toMatch(/^interface Array<T> \{/m);
    expect(es5(lean)).toMatch(/^interface ArrayBuffer \{/m);
    expect(es5(lean)).toMatch(/^declare var DataView:/m);
    expect(es5(lean).length).toBeLessThan(es5(full).length * 0.6);
    expect(runTargets(lean, root)).toEqual(['src/job.ts', 'src/job.ts', 'src/job.ts']);
  });

  it('leaves text of another shape as it is', () => {
    const unclosed = 'interface Int8Array {\n    length: number;\n';
    expect(withoutNumericDeclarations(unclosed)).toBe(unclosed);
    expect(
      withoutNumericDeclarations(
        'interface Int8ArrayLike {\n}\ninterface Int8Array {\n  x: 1;\n}\ndeclare var Int8Array: Int8ArrayConstructor;\ninterface Intl2 {}\n',
      ),
    ).toBe('interface Int8ArrayLike {\n}\ninterface Intl2 {}\n');
  });

  it('takes a target’s default lib without the DOM it pulls in', () => {
    const root = project('default-lib', {
      ...APP,
      'tsconfig.json': JSON.stringify({
        compilerOptions: { target: 'es2017', module: 'commonjs', strict: true },
        include: ['src'],
      }),
    });
    expect(programOf(root, false).names).toEqual(
      expect.arrayContaining(['lib.es2017.full.d.ts', 'lib.dom.d.ts']),
    );
    const lean = programOf(root, true);
    expect(lean.names).toContain('lib.es2017.d.ts');
    expect(lean.names).not.toContain('lib.dom.d.ts');
    expect(lean.names).not.toContain('lib.es2017.full.d.ts');
    expect(runTargets(lean.program, root)).toEqual(['src/job.ts', 'src/job.ts', 'src/job.ts']);
  });
});
