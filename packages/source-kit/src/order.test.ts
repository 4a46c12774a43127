import { describe, expect, it } from 'vitest';
import { byCodeUnits, byNumbersInText } from './order.js';

describe('byNumbersInText', () => {
  it('orders runs of digits as numbers and the rest by code units', () => {
    const names = [
      '10_add_tags.sql',
      '2_create_users.sql',
      '1_init.sql',
      '002_create_articles.sql',
      'b.sql',
      'a10',
      'a9',
    ];
    expect([...names].sort(byNumbersInText)).toEqual([
      '1_init.sql',
      '002_create_articles.sql',
      '2_create_users.sql',
      '10_add_tags.sql',
      'a9',
      'a10',
      'b.sql',
    ]);
  });

  it('orders timestamps longer than a safe integer, and names one is the start of', () => {
    const later = '20240101120000123456789_b';
    const earlier = '20240101120000123456788_a';
    expect([later, earlier].sort(byNumbersInText)).toEqual([earlier, later]);
    expect(['abc1', 'abc'].sort(byNumbersInText)).toEqual(['abc', 'abc1']);
    expect(byNumbersInText('x', 'x')).toBe(0);
    expect(byCodeUnits('B', 'a')).toBeLessThan(0);
  });
});
