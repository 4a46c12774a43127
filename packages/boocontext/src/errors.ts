/** A bad start-up setting (flag or environment variable): the bin exits 2 with this message. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
