export { type CliOutcome, type CliSpec, cliArgs, exitQuietlyWhenPipeCloses, parseCli } from './cli.js';
export { processAlive } from './process.js';
export {
  type ProgressReporter,
  type ProgressUpdate,
  percentOf,
  progressReporter,
  progressText,
  rateGate,
  requestProgress,
  silentProgress,
  type ToolContext,
  terminalProgress,
} from './progress.js';
export { bearerToken, secretMatches } from './secret.js';
export { runServerBin } from './server-bin.js';
export {
  type ClientRoots,
  callReadOnlyTool,
  callToolByName,
  READ_ONLY_ANNOTATIONS,
  type ReadOnlyTool,
  readOnlyTool,
  rootDirectory,
  type ToolAnswer,
  type ToolCallResult,
  ToolError,
  type ToolErrorCode,
} from './tools.js';
export { type PackageInfo, packageInfo } from './version.js';
// The MCP SDK loads only through './server' and './stdio', so a one-shot command never pays for it.
