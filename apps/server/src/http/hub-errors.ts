import { HubError } from '@boocode/mcp-hub';
import { AppError, type AppErrorCode } from '../errors.js';

const HUB_CODES: Partial<Record<HubError['code'], AppErrorCode>> = {
  UNKNOWN_SERVER: 'NOT_FOUND',
  NOT_SUPPORTED: 'NOT_SUPPORTED',
  SERVER_UNAVAILABLE: 'MCP_UNAVAILABLE',
  TIMEOUT: 'MCP_TIMEOUT',
  ABORTED: 'MCP_UNAVAILABLE',
  NEEDS_LOGIN: 'MCP_NEEDS_LOGIN',
  LOGIN_FAILED: 'MCP_LOGIN_FAILED',
};

/**
 * A hub failure that reaches the HTTP boundary as the API's error: the hub's message, a status that
 * says whose fault it was. Anything else passes as it is.
 */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof HubError)) return error;
  return new AppError(HUB_CODES[error.code] ?? 'MCP_ERROR', error.message);
}
