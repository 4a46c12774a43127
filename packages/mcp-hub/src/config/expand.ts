/** `${VAR}` or `${VAR:-default}`; `$${` escapes a literal `${`. */
const PLACEHOLDER = /\$(\$)?\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export class MissingVariableError extends Error {
  constructor(readonly variable: string) {
    super(`environment variable ${variable} is not set (set it, or write \${${variable}:-default})`);
    this.name = 'MissingVariableError';
  }
}

export function expandVariables(value: string, env: NodeJS.ProcessEnv): string {
  return value.replace(PLACEHOLDER, (match, escaped: string | undefined, name: string, fallback?: string) => {
    if (escaped) return match.slice(1);
    const found = env[name];
    if (found !== undefined && found !== '') return found;
    if (fallback !== undefined) return fallback;
    throw new MissingVariableError(name);
  });
}
