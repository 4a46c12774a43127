/** Errors that reach a user carry a stable code; the HTTP layer maps codes to statuses. */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'NO_MODEL'
  | 'UNKNOWN_AGENT'
  | 'UNKNOWN_TOOL'
  | 'TOOL_NOT_ALLOWED'
  | 'PATH_OUTSIDE_WORKSPACE'
  | 'PATH_IGNORED'
  | 'TOOL_TIMEOUT'
  | 'INVALID_ARGUMENTS'
  | 'CONFIG_INVALID'
  | 'DATA_DIR_NOT_WRITABLE'
  | 'FORBIDDEN_HOST'
  | 'FORBIDDEN_ORIGIN'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOOLS_EXCEED_CONTEXT'
  | 'NOT_SUPPORTED'
  | 'MCP_UNAVAILABLE'
  | 'MCP_TIMEOUT'
  | 'MCP_ERROR'
  | 'MCP_NEEDS_LOGIN'
  | 'MCP_LOGIN_FAILED';

const STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NO_MODEL: 409,
  UNKNOWN_AGENT: 400,
  UNKNOWN_TOOL: 404,
  TOOL_NOT_ALLOWED: 403,
  PATH_OUTSIDE_WORKSPACE: 400,
  PATH_IGNORED: 400,
  TOOL_TIMEOUT: 504,
  INVALID_ARGUMENTS: 400,
  CONFIG_INVALID: 500,
  DATA_DIR_NOT_WRITABLE: 500,
  FORBIDDEN_HOST: 403,
  FORBIDDEN_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOOLS_EXCEED_CONTEXT: 413,
  NOT_SUPPORTED: 409,
  MCP_UNAVAILABLE: 503,
  MCP_TIMEOUT: 504,
  MCP_ERROR: 502,
  MCP_NEEDS_LOGIN: 409,
  MCP_LOGIN_FAILED: 400,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
