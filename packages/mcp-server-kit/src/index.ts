export { type CliOutcome, type CliSpec, cliArgs, exitQuietlyWhenPipeCloses, parseCli } from './cli.js';
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
export { runServerBin } from './server-bin.js';
export { type PackageInfo, packageInfo } from './version.js';
