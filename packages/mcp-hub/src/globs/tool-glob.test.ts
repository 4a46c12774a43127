import { describe, expect, it } from 'vitest';
import { filterByGlobs, matchToolGlob } from './tool-glob.js';

const names = ['grep', 'view_file', 'web_search', 'web_fetch', 'ctx_map', 'everything_echo'];
const allowed = (patterns: string[]) =>
  filterByGlobs(
    names.map((name) => ({ name })),
    patterns,
  ).map((t) => t.name);

describe('matchToolGlob', () => {
  it('[*] allows everything', () => {
    expect(allowed(['*'])).toEqual(names);
  });

  it('[*, !web_*] denies the web tools', () => {
    expect(allowed(['*', '!web_*'])).toEqual(['grep', 'view_file', 'ctx_map', 'everything_echo']);
  });

  it('[grep, ctx_*] allows exactly those', () => {
    expect(allowed(['grep', 'ctx_*'])).toEqual(['grep', 'ctx_map']);
  });

  it('last match wins', () => {
    expect(matchToolGlob('web_search', ['!web_*', 'web_search'])).toBe(true);
    expect(matchToolGlob('web_search', ['web_search', '!web_*'])).toBe(false);
  });

  it('no match and an empty list exclude', () => {
    expect(matchToolGlob('grep', ['view_*'])).toBe(false);
    expect(matchToolGlob('grep', [])).toBe(false);
  });

  it('treats regex characters literally', () => {
    expect(matchToolGlob('a.b', ['a.b'])).toBe(true);
    expect(matchToolGlob('axb', ['a.b'])).toBe(false);
  });
});
