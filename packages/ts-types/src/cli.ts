import { runServerBin } from '@boocode/mcp-server-kit';

// One server for the session keeps every language service warm between calls.
await runServerBin('ts-types', import.meta.url, async () => (await import('./server.js')).buildServer());
