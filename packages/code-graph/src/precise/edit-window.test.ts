import ts from '@boocode/ts-types/typescript';
import { describe, expect, it } from 'vitest';
import { beforeEdit, editWindow } from './edit-window.js';

/** One file's tree and checker, compiled in memory. */
function compiled(text: string) {
  const file = '/mem/a.ts';
  const options: ts.CompilerOptions = { strict: true, noLib: true, types: [] };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(name, text, version, true) : undefined;
  host.fileExists = (name) => name === file;
  host.readFile = (name) => (name === file ? text : undefined);
  const program = ts.createProgram([file], options, host);
  return { source: program.getSourceFile(file) as ts.SourceFile, checker: program.getTypeChecker() };
}

function window(before: string, after: string) {
  const old = compiled(before);
  const side = beforeEdit(old.source, old.checker, after);
  const now = compiled(after);
  return editWindow(side, now.source, now.checker);
}

const BASE = `function a(): number {
  return b();
}

function b() {
  return 1;
}

function c(): number {
  return a() + b();
}
`;

describe('editWindow', () => {
  it('asks nothing but the edited lines again after a comment, and moves what follows', () => {
    const edited = BASE.replace('function b() {', '// explains b\n// at length\nfunction b() {');
    expect(window(BASE, edited)).toEqual({ keepBefore: 5, keepAfter: 5, delta: 2 });
  });

  it('asks one function again after an edit inside its body that leaves its signature', () => {
    const edited = BASE.replace('  return a() + b();', '  const x = a();\n  return x + b();');
    expect(window(BASE, edited)).toEqual({ keepBefore: 9, keepAfter: 11, delta: 1 });
  });

  it('asks the whole file again when a body edit changes what the function returns', () => {
    // `b` has no declared return type: callers elsewhere in the file may now resolve differently.
    expect(window(BASE, BASE.replace('  return 1;', "  return 'one';"))).toBeUndefined();
  });

  it('asks the whole file again for an edit across two functions or outside any', () => {
    expect(window(BASE, BASE.replace('}\n\nfunction b', '}\nconst z = 1;\nfunction b'))).toBeUndefined();
    expect(
      window(
        BASE,
        BASE.replace(
          'return b();\n}\n\nfunction b() {\n  return 1;',
          'return 2;\n}\n\nfunction b() {\n  return 3;',
        ),
      ),
    ).toBeUndefined();
  });
});
