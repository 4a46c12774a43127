import { describe, expect, it } from 'vitest';
import { type ExpandContext, expandVariables, inputVariable, MissingVariableError } from './expand.js';

const ctx = (env: NodeJS.ProcessEnv, extra: Partial<ExpandContext> = {}): ExpandContext => ({
  env,
  workspaceFolder: '/work/space',
  userHome: '/home/u',
  ...extra,
});

describe('expandVariables', () => {
  const env = ctx({ TOKEN: 'abc', EMPTY: '' });

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

  it("reads VS Code's ${env:VAR}, ${userHome} and ${workspaceFolder}", () => {
    expect(expandVariables('${env:TOKEN}@${userHome}:${workspaceFolder}/x', env)).toBe(
      'abc@/home/u:/work/space/x',
    );
    expect(() => expandVariables('${env:NOPE}', env)).toThrow(/NOPE/);
  });

  it('answers ${input:id} from MCP_INPUT_<ID>, and says which variable an unanswered input needs', () => {
    const inputs = new Map([['api-key', { id: 'api-key', description: 'Perplexity API key' }]]);
    expect(inputVariable('api-key')).toBe('MCP_INPUT_API_KEY');
    expect(expandVariables('${input:api-key}', ctx({ MCP_INPUT_API_KEY: 'k1' }, { inputs }))).toBe('k1');
    expect(() => expandVariables('${input:api-key}', ctx({}, { inputs }))).toThrow(
      'needs input "api-key" (Perplexity API key): set MCP_INPUT_API_KEY',
    );
    expect(() => expandVariables('${input:other}', ctx({}, { inputs }))).toThrow(/"inputs" do not declare/);
  });
});
