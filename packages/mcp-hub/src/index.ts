export { loadMcpConfig, normalizeEntry, parseConfigText, resolveConfigPath, type LoadedConfig } from './config/load.js';
export type { ServerEntry } from './config/schema.js';
export { HubError, type HubErrorCode } from './errors.js';
export { filterByGlobs, matchToolGlob } from './globs/tool-glob.js';
export { McpHub, type HubOptions } from './registry/hub.js';
export { capOutput, RESULT_CAP_BYTES, toHostResult, type RawCallToolResult } from './tools/result.js';
export { SAFE_TOOL_NAME } from './tools/names.js';
export { runMcpCli } from './cli/mcp-cli.js';
export type * from './types.js';
