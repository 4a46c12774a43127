import { type LocalRoute, UNMOUNTED } from './types.js';

/**
 * WebSocket events as routes: `WS chat:message`, the event a server handles (socket.io,
 * NestJS gateways, Phoenix channels' `handle_in`) or the channel a client joins (Phoenix's
 * `channel "room:*"`, ActionCable's channels). No prefix applies: the event name is the path.
 */
export const wsRoute = (
  event: string,
  line: number,
  framework: string,
  extra: Partial<LocalRoute> = {},
): LocalRoute => ({ method: 'WS', path: event, line, framework, owner: UNMOUNTED, ...extra });

/** Events every socket.io socket has: the connection's own, not the app's. */
export const LIFECYCLE_EVENTS = new Set(['connection', 'connect', 'disconnect', 'disconnecting', 'error']);
