import { describe, expect, it } from 'vitest';
import { canonicalDeclarations } from './declarations.js';

describe('canonicalDeclarations', () => {
  it('prints the same declarations alike whatever order a checker met a union in', () => {
    const a = 'export declare function f(): A | { readonly x?: undefined } | B;\n';
    const b = 'export declare function f(): B | A | { x?: undefined };\n';
    expect(canonicalDeclarations(a)).toBe(canonicalDeclarations(b));
  });

  it('tells a changed declaration apart', () => {
    const a = 'export declare function f(): A | B;\n';
    expect(canonicalDeclarations(a)).not.toBe(canonicalDeclarations('export declare function f(): A | C;\n'));
    expect(canonicalDeclarations(a)).not.toBe(
      canonicalDeclarations('export declare function f(x: A): A | B;\n'),
    );
  });
});
