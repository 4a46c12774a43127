import type { ServerStatus, ToolInfo } from './api.js';
import { Store } from './store.js';

/** Every tool the server offers (native and MCP): the console sets it; the chat, agents and console read it. */
export const tools = new Store<ToolInfo[]>([]);

/** The MCP servers' states: the MCP panel sets it from the event stream; slash prompts read it. */
export const servers = new Store<ServerStatus[]>([]);
