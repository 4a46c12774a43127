import type { Scope } from './extraction.js';
import type { FunctionMetrics } from './facts.js';
import { DECISIONS, DECLARATIONS, FUNCTION_VALUES, LOGICAL, NESTING } from './node-types.js';

type Counting = NonNullable<Scope['counting']>;

/** Nested functions count for themselves, not for the function around them. */
const isFunctionLike = (type: string) =>
  FUNCTION_VALUES.has(type) || DECLARATIONS[type] === 'function' || DECLARATIONS[type] === 'method';

/**
 * Counts one node of a function body into its metrics (decisions, nesting) and returns what its
 * children count into: `bodyOf` starts a function's own count, outside any body nothing counts.
 */
export function countNode(
  counting: Counting | undefined,
  type: string,
  bodyOf?: FunctionMetrics,
): Counting | undefined {
  if (bodyOf) return { metrics: bodyOf, nesting: 0 };
  if (!counting || isFunctionLike(type)) return undefined;
  const { metrics } = counting;
  let nesting = counting.nesting;
  if (DECISIONS.has(type)) metrics.cyclomatic++;
  if (NESTING.has(type)) {
    metrics.cognitive += 1 + nesting;
    nesting++;
    metrics.nesting = Math.max(metrics.nesting, nesting);
  }
  if (type === 'else_clause' || type === 'elif_clause') metrics.cognitive++;
  // Most nodes change nothing: reusing the objects keeps this pass allocation-free.
  return nesting === counting.nesting ? counting : { metrics, nesting };
}

/** Logical operators are anonymous tokens inside binary expressions: each is a decision. */
export function countOperator(counting: Counting, token: string): void {
  if (!LOGICAL.has(token)) return;
  counting.metrics.cyclomatic++;
  counting.metrics.cognitive++;
}
