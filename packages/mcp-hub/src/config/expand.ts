/**
 * The placeholders each host writes, all expanded the same way:
 * `${VAR}`, `${VAR:-default}` (Claude Code), `${env:VAR}`, `${userHome}`, `${workspaceFolder}` and
 * `${input:id}` (VS Code). `$${` escapes a literal `${`. opencode's `{env:VAR}` is rewritten to
 * `${env:VAR}` by its shape reader before this runs.
 */
const PLACEHOLDER = /\$(\$)?\{(?:(env|input):)?([A-Za-z_][A-Za-z0-9_.-]*)(?::-([^}]*))?\}/g;

export interface InputSpec {
  id: string;
  description?: string;
}

export interface ExpandContext {
  env: NodeJS.ProcessEnv;
  /** `${workspaceFolder}`: the workspace the host serves (WORKSPACE_DIR, else the working directory). */
  workspaceFolder: string;
  userHome: string;
  /** VS Code's `inputs`: `${input:id}` reads its value from the environment variable `inputVariable(id)`. */
  inputs?: ReadonlyMap<string, InputSpec>;
}

export class MissingVariableError extends Error {
  constructor(
    readonly variable: string,
    message = `environment variable ${variable} is not set (set it, or write \${${variable}:-default})`,
  ) {
    super(message);
    this.name = 'MissingVariableError';
  }
}

/** `${input:api-key}` is answered by `MCP_INPUT_API_KEY`: BooCode has no prompt to ask at connect time. */
export function inputVariable(id: string): string {
  return `MCP_INPUT_${id.replace(/[^A-Za-z0-9]/g, '_').toUpperCase()}`;
}

export function expandVariables(value: string, ctx: ExpandContext): string {
  return value.replace(
    PLACEHOLDER,
    (match, escaped: string | undefined, scope: string | undefined, name: string, fallback?: string) => {
      if (escaped) return match.slice(1);
      if (scope === 'input') return expandInput(name, ctx);
      if (!scope && name === 'userHome') return ctx.userHome;
      if (!scope && name === 'workspaceFolder') return ctx.workspaceFolder;
      const found = ctx.env[name];
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      throw new MissingVariableError(name);
    },
  );
}

function expandInput(id: string, ctx: ExpandContext): string {
  const variable = inputVariable(id);
  const value = ctx.env[variable];
  if (value !== undefined && value !== '') return value;
  const spec = ctx.inputs?.get(id);
  const what = spec?.description ? ` (${spec.description})` : '';
  throw new MissingVariableError(
    variable,
    spec
      ? `needs input "${id}"${what}: set ${variable} in BooCode's environment`
      : `uses \${input:${id}}, which the file's "inputs" do not declare`,
  );
}
