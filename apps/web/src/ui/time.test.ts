import { describe, expect, it } from 'vitest';
import { relativeTime } from './time.js';

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  it('says how long ago in the unit a person would use', () => {
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 3 * 60_000, now)).toMatch(/3 minutes ago/);
    expect(relativeTime(now - 2 * 3_600_000, now)).toMatch(/2 hours ago/);
    expect(relativeTime(now - 86_400_000, now)).toMatch(/yesterday/);
    expect(relativeTime(now - 14 * 86_400_000, now)).toMatch(/2 weeks ago/);
  });
});
