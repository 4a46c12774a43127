import { runMcpCli } from '@boocode/mcp-hub';
import { cliArgs, exitQuietlyWhenPipeCloses, packageInfo } from '@boocode/mcp-server-kit';
import { installedBinDirs, withBinDirsFirst } from './bin-path.js';

const { version } = packageInfo(import.meta.url);

const USAGE = `usage:
  boocode [serve]                 start the BooCode server (configured by environment variables)
  boocode mcp list|call|add|remove|enable|disable …   the MCP servers of mcp.json (boocode mcp --help)
  boocode --help | --version`;

const SERVE_USAGE = `usage: boocode serve

Serves BooCode on http://HOST:PORT over WORKSPACE_DIR. Configured by environment variables:
  HOST (127.0.0.1), PORT (3000; 0 picks a free one), DATA_DIR (./data), WORKSPACE_DIR (.),
  LLM_BASE_URL, LLM_MODEL, LLM_API_KEY, LLM_CONTEXT_WINDOW, LLM_MAX_STEPS, LLM_TIMEOUT_MS,
  TOOL_RESULT_BUDGET, BOOCODE_TOKEN, ALLOWED_HOSTS, MCP_CONFIG_PATH, LOG_LEVEL, LOG_FORMAT (pretty|json).
The README lists what each one does.`;

exitQuietlyWhenPipeCloses();
// MCP servers started by a bare command (the shipped mcp.json's `boocontext`) are found beside BooCode.
process.env.PATH = withBinDirsFirst(process.env.PATH, installedBinDirs(import.meta.dirname));
const argv = process.argv.slice(2);
if (argv[0] === 'mcp') {
  process.exitCode = await runMcpCli(argv.slice(1), { clientInfo: { name: 'boocode', version } });
} else {
  const serving = argv[0] === undefined || argv[0] === 'serve';
  const { positionals } = cliArgs(
    {
      name: 'boocode',
      version,
      usage: serving && argv[0] ? SERVE_USAGE : USAGE,
      options: {},
      allowPositionals: true,
    },
    argv,
  );
  if (positionals[0] === 'help') {
    console.log(USAGE);
  } else if (!serving || positionals.length > 1) {
    console.error(`boocode: unknown command "${positionals.join(' ')}"\n${USAGE}`);
    process.exitCode = 2;
  } else {
    // Loaded only to serve: --help, --version and `mcp` do not open the database binding.
    const { serve } = await import('./serve.js');
    await serve();
  }
}
