import { describe, expect, it } from 'vitest';
import { readEnvironment } from './config.js';
import { ConfigError } from './errors.js';

describe('readEnvironment', () => {
  it('reads every BOOCONTEXT_* variable, empty meaning unset', () => {
    expect(
      readEnvironment({
        BOOCONTEXT_ALLOWED_ROOTS: ['/a', '/b'].join(':'),
        BOOCONTEXT_MAP_TOKENS: '4000',
        BOOCONTEXT_ANSWER_WITHIN_MS: ' ',
        BOOCONTEXT_CODE_GRAPH_CMD: '["my cg", "--x"]',
        BOOCONTEXT_TS_TYPES_CMD: 'tt serve',
        BOOCONTEXT_TOKEN: 'a-team-token-of-some-length',
        BOOCONTEXT_ALLOWED_HOSTS: 'ctx.lan, ctx.example.com:7433 ,',
      }),
    ).toEqual({
      BOOCONTEXT_ALLOWED_ROOTS: ['/a', '/b'],
      BOOCONTEXT_MAP_TOKENS: 4000,
      BOOCONTEXT_CODE_GRAPH_CMD: { command: 'my cg', args: ['--x'] },
      BOOCONTEXT_TS_TYPES_CMD: { command: 'tt', args: ['serve'] },
      BOOCONTEXT_TOKEN: 'a-team-token-of-some-length',
      BOOCONTEXT_ALLOWED_HOSTS: ['ctx.lan', 'ctx.example.com:7433'],
    });
    expect(readEnvironment({})).toEqual({ BOOCONTEXT_ALLOWED_ROOTS: [], BOOCONTEXT_ALLOWED_HOSTS: [] });
  });

  it('names every bad variable in one error', () => {
    const read = () =>
      readEnvironment({
        BOOCONTEXT_MAP_TOKENS: '8k',
        BOOCONTEXT_ANSWER_WITHIN_MS: '-1',
        BOOCONTEXT_CODE_GRAPH_CMD: '[oops',
        BOOCONTEXT_TS_TYPES_CMD: '[1, 2]',
      });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/BOOCONTEXT_MAP_TOKENS must be a whole number above 0, got "8k"/);
    expect(read).toThrow(/BOOCONTEXT_ANSWER_WITHIN_MS must be a whole number above 0, got "-1"/);
    expect(read).toThrow(/BOOCONTEXT_CODE_GRAPH_CMD is not valid JSON/);
    expect(read).toThrow(/BOOCONTEXT_TS_TYPES_CMD must be a JSON array of strings/);
  });
});
