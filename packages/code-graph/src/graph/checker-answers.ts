import type { Db } from '../indexer/store.js';
import type { SymbolIndex } from './symbol-index.js';

export interface Answered {
  file: string;
  line: number;
  callee: string;
  /** Symbol ids the call reaches; `null` for a call that leaves the project. */
  targets: (number | null)[];
}

interface AnswerRow {
  file: string;
  line: number;
  callee: string;
  target_file: string | null;
  target_name: string | null;
  target_line: number | null;
}

/**
 * The precise pass's answers that still hold — those of files unchanged since they were asked —
 * with each target found among the index's symbols, keyed by call site (`file`, line, callee name).
 * Edges take them in place of the syntax's guesses.
 */
export class CheckerAnswers {
  private readonly taken = new Set<string>();

  private constructor(private readonly bySite: Map<string, Answered>) {}

  static load(db: Db, index: SymbolIndex, files?: string[]): CheckerAnswers {
    const rows = db
      .prepare(
        `SELECT c.file, c.line, c.callee, c.target_file, c.target_name, c.target_line
         FROM checker_calls c JOIN checked_files k ON k.file = c.file JOIN files f ON f.path = c.file AND f.hash = k.hash
         ${files ? 'WHERE c.file IN (SELECT value FROM json_each(?))' : ''}`,
      )
      .all(...(files ? [JSON.stringify(files)] : [])) as AnswerRow[];
    const bySite = new Map<string, Answered>();
    for (const row of rows) {
      const key = `${row.file}\u0000${row.line}\u0000${row.callee}`;
      const answered = bySite.get(key) ?? { file: row.file, line: row.line, callee: row.callee, targets: [] };
      bySite.set(key, answered);
      // A declaration the index does not hold as a symbol (an interface's property, say) is no edge.
      const id =
        row.target_file && row.target_name && row.target_line !== null
          ? (index.declaredNear(row.target_file, row.target_name, row.target_line)?.id ?? null)
          : null;
      if (!answered.targets.includes(id)) answered.targets.push(id);
    }
    for (const answered of bySite.values())
      if (answered.targets.length > 1) answered.targets = answered.targets.filter((id) => id !== null);
    return new CheckerAnswers(bySite);
  }

  /** The answer for a call site the first time it is asked for; later calls on the same site get none. */
  take(file: string, line: number, callee: string): Answered | undefined {
    const key = `${file}\u0000${line}\u0000${callee}`;
    const answered = this.bySite.get(key);
    if (!answered) return undefined;
    if (this.taken.has(key)) return { ...answered, targets: [] };
    this.taken.add(key);
    return answered;
  }

  /** Answers for call sites no call fact had. */
  untaken(): Answered[] {
    return [...this.bySite].filter(([key]) => !this.taken.has(key)).map(([, answered]) => answered);
  }
}
