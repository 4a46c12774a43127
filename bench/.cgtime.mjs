import { mkdtempSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const root = process.argv[2];
const t0 = performance.now();
const client = new Client({ name: 'x', version: '1' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [process.argv[3]],
    env: { ...process.env, XDG_CACHE_HOME: mkdtempSync('/tmp/cgc-') },
    stderr: 'inherit',
  }),
);
const t1 = performance.now();
const tools = await client.listTools();
const t2 = performance.now();
const r = await client.callTool({
  name: 'flows',
  arguments: { root, entries: [{ file: 'src/app.module.ts', line: 1 }], entities: [] },
});
const t3 = performance.now();
const r2 = await client.callTool({
  name: 'flows',
  arguments: { root, entries: [{ file: 'src/app.module.ts', line: 1 }], entities: [] },
});
const t4 = performance.now();
console.log(
  { connect: t1 - t0, list: t2 - t1, firstFlows: t3 - t2, second: t4 - t3 },
  JSON.stringify(r).slice(0, 200),
);
await client.close();
