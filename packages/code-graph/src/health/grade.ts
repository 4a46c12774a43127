import type { FunctionMetrics } from '../parse/facts.js';

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

/**
 * Thresholds per metric: the grade is the worst any metric earns. They follow common practice
 * (cyclomatic ≤ 10 is "simple", cognitive 15 is Sonar's default limit, 60-line functions and 4
 * levels of nesting are where reviews start to struggle).
 *
 * | metric     |  A  |  B  |  C  |  D  |  F  |
 * | cyclomatic | ≤5  | ≤10 | ≤20 | ≤30 | >30 |
 * | cognitive  | ≤5  | ≤15 | ≤25 | ≤40 | >40 |
 * | length     | ≤30 | ≤60 | ≤100| ≤200| >200|
 * | nesting    | ≤2  | ≤3  | ≤4  | ≤5  | >5  |
 * | params     | ≤3  | ≤5  | ≤7  | ≤9  | >9  |
 */
export const THRESHOLDS: Record<keyof FunctionMetrics, [number, number, number, number]> = {
  cyclomatic: [5, 10, 20, 30],
  cognitive: [5, 15, 25, 40],
  length: [30, 60, 100, 200],
  nesting: [2, 3, 4, 5],
  params: [3, 5, 7, 9],
};

const GRADES: Grade[] = ['A', 'B', 'C', 'D', 'F'];

export function gradeFunction(metrics: FunctionMetrics): Grade {
  let worst = 0;
  for (const [metric, limits] of Object.entries(THRESHOLDS) as [keyof FunctionMetrics, number[]][]) {
    const value = metrics[metric];
    const index = limits.findIndex((limit) => value <= limit);
    worst = Math.max(worst, index === -1 ? 4 : index);
  }
  return GRADES[worst] ?? 'F';
}

/** A file or project grade: the average of its functions' grades, weighted by length. */
export function gradeAverage(items: { grade: Grade; length: number }[]): Grade {
  if (items.length === 0) return 'A';
  const total = items.reduce((sum, i) => sum + i.length, 0) || 1;
  const score = items.reduce((sum, i) => sum + GRADES.indexOf(i.grade) * i.length, 0) / total;
  return GRADES[Math.min(4, Math.round(score))] ?? 'F';
}
