import { describe, expect, it } from 'vitest';
import { expandVariables, MissingVariableError } from './expand.js';

describe('expandVariables', () => {
  const env = { TOKEN: 'abc', EMPTY: '' };

  it('replaces set variables and keeps the rest of the string', () => {
    expect(expandVariables('Bearer ${TOKEN}!', env)).toBe('Bearer abc!');
  });

  it('uses the default when the variable is unset or empty', () => {
    expect(expandVariables('${NOPE:-x}/${EMPTY:-y}', env)).toBe('x/y');
    expect(expandVariables('${NOPE:-}', env)).toBe('');
  });

  it('fails naming the variable when there is no default', () => {
    expect(() => expandVariables('${NOPE}', env)).toThrow(MissingVariableError);
    expect(() => expandVariables('${NOPE}', env)).toThrow(/NOPE/);
  });

  it('leaves escaped placeholders literal', () => {
    expect(expandVariables('$${TOKEN}', env)).toBe('${TOKEN}');
  });
});
