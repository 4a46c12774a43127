import { timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` is the configured secret, compared in constant time so a guess learns nothing
 * from how long the refusal took. Anything but a non-empty string is no match.
 */
export function secretMatches(given: unknown, expected: Buffer): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The token of an `Authorization: Bearer <token>` header, if that is what it is. */
export const bearerToken = (header: string | undefined): string | undefined =>
  header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
