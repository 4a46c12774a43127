export type { HubOAuthOptions } from './auth/login.js';
export { FileOAuthStore, MemoryOAuthStore, type OAuthRecord, type OAuthStore } from './auth/store.js';
export { runMcpCli } from './cli/mcp-cli.js';
export { type ConfigEdit, editMcpConfig, type NewServer } from './config/edit.js';
export { inputVariable } from './config/expand.js';
export {
  expandContext,
  type LoadedConfig,
  loadMcpConfig,
  normalizeEntry,
  parseConfigText,
  resolveConfigPath,
} from './config/load.js';
export type { ServerEntry } from './config/schema.js';
export type { ConfigDialect } from './config/shapes.js';
export { HubError, type HubErrorCode } from './errors.js';
export {
  type ElicitationAnswer,
  type ElicitationRequest,
  type HostInput,
  type SamplingAnswer,
  SamplingDeclined,
  type SamplingRequest,
} from './features/host-input.js';
export { DEFAULT_HOST_INPUT_LIMITS, type HostInputLimits } from './features/host-input-limits.js';
export type {
  HubPrompt,
  HubPromptArgument,
  HubPromptMessage,
  HubPromptResult,
  HubResource,
  HubResourceContents,
  HubResourceTemplate,
} from './features/shapes.js';
export { filterByGlobs, matchToolGlob } from './globs/tool-glob.js';
export { type HubOptions, McpHub } from './registry/hub.js';
export { SAFE_TOOL_NAME } from './tools/names.js';
export { capOutput, type RawCallToolResult, RESULT_CAP_BYTES, toHostResult } from './tools/result.js';
export type * from './types.js';
