import type { z } from 'zod';
import { AppError } from '../errors.js';

/** Parses a request's body, path or query once at the edge; every bad field is named in the message. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || what}: ${i.message}`).join('; ');
    throw new AppError('BAD_REQUEST', `invalid ${what}: ${problems}`);
  }
  return result.data;
}
