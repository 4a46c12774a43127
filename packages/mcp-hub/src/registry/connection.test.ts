import { describe, expect, it } from 'vitest';
import { summarizeStderr } from './connection.js';

describe('summarizeStderr', () => {
  it('leads with the line that names the error, not the trailing Node version', () => {
    const lines = [
      "Error: Cannot find module '/x/srv.js'",
      '    at Module._resolveFilename',
      '  requireStack: []',
      '}',
      'Node.js v20.20.2',
    ];
    expect(summarizeStderr(lines)).toBe("Error: Cannot find module '/x/srv.js' … Node.js v20.20.2");
  });

  it('uses the last line when nothing looks like an error, and nothing for no output', () => {
    expect(summarizeStderr(['starting', 'bye'])).toBe('bye');
    expect(summarizeStderr([])).toBe('');
  });
});
