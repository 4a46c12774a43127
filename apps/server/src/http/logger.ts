import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config/env.js';

/** Query parameters that carry a secret: never written to a log. */
const SECRET_PARAMS = /([?&](?:access_token|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * pino options for Fastify: readable, coloured lines on a terminal, JSON lines when piped or with
 * LOG_FORMAT=json; request URLs logged with their tokens redacted.
 */
export function loggerOptions(config: AppConfig, isTerminal = process.stdout.isTTY === true) {
  const readable = config.logFormat === 'pretty' || (config.logFormat === 'auto' && isTerminal);
  return {
    level: config.logLevel,
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
    ...(readable
      ? {
          stream: pretty({
            colorize: isTerminal,
            sync: true,
            translateTime: 'HH:MM:ss',
            ignore: 'pid,hostname',
          }),
        }
      : {}),
  } satisfies FastifyServerOptions['logger'];
}
