import type { SymbolRow } from '../graph/queries.js';

/** How many leading folders `file` shares with `near`. */
function sharedFolders(file: string, near: string): number {
  const a = file.split('/');
  const b = near.split('/');
  let shared = 0;
  while (shared < a.length - 1 && a[shared] === b[shared]) shared++;
  return shared;
}

/** Of same-named symbols, those in the folder nearest `near` (ties kept, in order): the namespace it most likely means. */
export function nearest<R extends Pick<SymbolRow, 'file'>>(rows: R[], near: string): R[] {
  const scores = rows.map((r) => sharedFolders(r.file, near));
  const best = Math.max(-1, ...scores);
  return rows.filter((_, i) => scores[i] === best);
}

/** The one nearest symbol: one in `near` itself first, else the first in the nearest folder. */
export function closest<R extends Pick<SymbolRow, 'file'>>(rows: R[], near: string): R | undefined {
  return rows.find((r) => r.file === near) ?? nearest(rows, near)[0];
}

/** `Article` of `App.Models.Article`, `crate::a::Article`: a qualified name's last part. */
export const lastSegment = (name: string): string => name.split(/\.|::/).pop() ?? name;
