import { describe, expect, it } from 'vitest';
import { assignToolNames, SAFE_TOOL_NAME, sanitize } from './names.js';

describe('assignToolNames', () => {
  it('prefixes with the server name and keeps safe names unchanged', () => {
    const [tool] = assignToolNames([{ server: 'context7', originalName: 'resolve-library-id' }]);
    expect(tool).toEqual({
      server: 'context7',
      originalName: 'resolve-library-id',
      name: 'context7_resolve-library-id',
    });
  });

  it('does not prefix twice when the server already names its tools after itself', () => {
    const named = assignToolNames([
      { server: 'boocontext', originalName: 'boocontext_map' },
      { server: 'boocontext', originalName: 'map' },
    ]);
    expect(named.map((t) => t.name).sort()).toEqual([
      'boocontext_map',
      expect.stringMatching(/^boocontext_map_[0-9a-f]{8}$/),
    ]);
  });

  it('replaces characters providers reject and reports it', () => {
    const [tool] = assignToolNames([{ server: 'fs', originalName: 'read.file/v2' }]);
    expect(tool?.name).toBe('fs_read_file_v2');
    expect(tool?.renamed).toMatch(/replaced/);
  });

  it('shortens long names deterministically to at most 64 characters', () => {
    const long = 'x'.repeat(90);
    const first = assignToolNames([{ server: 'srv', originalName: long }])[0];
    const again = assignToolNames([{ server: 'srv', originalName: long }])[0];
    expect(first?.name.length).toBe(64);
    expect(first?.name).toMatch(SAFE_TOOL_NAME);
    expect(first?.name).toBe(again?.name);
    const other = assignToolNames([{ server: 'srv', originalName: `${'x'.repeat(89)}y` }])[0];
    expect(other?.name).not.toBe(first?.name);
  });

  it('resolves collisions after sanitising the same way whatever the input order', () => {
    const a = { server: 's', originalName: 'a.b' };
    const b = { server: 's', originalName: 'a_b' };
    const one = assignToolNames([a, b]);
    const two = assignToolNames([b, a]);
    const names = (list: typeof one) => Object.fromEntries(list.map((t) => [t.originalName, t.name]));
    expect(names(one)).toEqual(names(two));
    expect(new Set(one.map((t) => t.name)).size).toBe(2);
    expect(one.find((t) => t.originalName === 'a_b')?.renamed).toMatch(/collided with another tool/);
  });

  it('never takes a reserved native name', () => {
    const [tool] = assignToolNames([{ server: 'view', originalName: 'file' }], new Set(['view_file']));
    expect(tool?.name).not.toBe('view_file');
    expect(tool?.name).toMatch(/^view_file_[0-9a-f]{8}$/);
    expect(tool?.renamed).toMatch(/native tool/);
  });

  it('makes names start with a letter or underscore', () => {
    expect(sanitize('1abc')).toBe('_1abc');
  });
});
