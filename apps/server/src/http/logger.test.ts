import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { loggerOptions, redactUrl } from './logger.js';

describe('request logging', () => {
  it('never writes a token from a URL', () => {
    expect(redactUrl('/api/sessions/s1/events?access_token=abc&x=1')).toBe(
      '/api/sessions/s1/events?access_token=[redacted]&x=1',
    );
    const { serializers } = loggerOptions(loadConfig({}), false);
    expect(serializers.req({ method: 'GET', url: '/e?token=zzz' }).url).toBe('/e?token=[redacted]');
  });

  it('writes JSON when piped and readable lines on a terminal, unless LOG_FORMAT says otherwise', () => {
    expect('stream' in loggerOptions(loadConfig({}), false)).toBe(false);
    expect('stream' in loggerOptions(loadConfig({}), true)).toBe(true);
    expect('stream' in loggerOptions(loadConfig({ LOG_FORMAT: 'json' }), true)).toBe(false);
    expect('stream' in loggerOptions(loadConfig({ LOG_FORMAT: 'pretty' }), false)).toBe(true);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
