import { runServerBin } from '@boocode/mcp-server-kit';

// One server instance for the whole session keeps every index warm across calls.
void runServerBin('code-graph', import.meta.url, async () => (await import('./server.js')).buildServer());
