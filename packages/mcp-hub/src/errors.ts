/** Stable error codes of the hub; hosts map them to their own boundaries (HTTP status, tool error results). */
export type HubErrorCode =
  | 'CONFIG_INVALID'
  | 'CONFIG_NOT_FOUND'
  | 'SERVER_EXISTS'
  | 'UNKNOWN_SERVER'
  | 'UNKNOWN_TOOL'
  | 'SERVER_UNAVAILABLE'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'CALL_FAILED'
  | 'CONNECT_FAILED'
  | 'NOT_SUPPORTED'
  | 'NEEDS_LOGIN'
  | 'LOGIN_FAILED';

export class HubError extends Error {
  constructor(
    readonly code: HubErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HubError';
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
