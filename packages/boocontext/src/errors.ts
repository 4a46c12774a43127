/** A bad start-up setting (flag or environment variable): the bin exits 2 with this message. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A whole number above zero from a flag or variable (`undefined` when unset), or a `ConfigError` naming it. */
export function positiveNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`${name} must be a whole number above 0, got "${value}"`);
  return n;
}
