import type { HubLogger } from '../types.js';

/**
 * A logger that lets through at most `limit` lines per `windowMs` and then one line saying how many
 * it held back, so a server that misbehaves in a loop cannot flood the host's log (or its disk).
 */
export function rateLimited(
  logger: HubLogger | undefined,
  limit = 20,
  windowMs = 60_000,
): HubLogger | undefined {
  if (!logger) return undefined;
  let windowStart = 0;
  let count = 0;
  let dropped = 0;
  const gate =
    (level: keyof HubLogger) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      const now = Date.now();
      if (now - windowStart >= windowMs) {
        if (dropped > 0)
          logger.warn(`mcp: ${dropped} log line(s) suppressed in the last ${windowMs / 1000} s`);
        windowStart = now;
        count = 0;
        dropped = 0;
      }
      if (++count > limit) {
        dropped++;
        return;
      }
      logger[level](msg, fields);
    };
  return { info: gate('info'), warn: gate('warn'), error: gate('error') };
}
