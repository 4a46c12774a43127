import { Client } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';

export const TOOL_COMMANDS = ['overview', 'map', 'health', 'symbols', 'callgraph', 'impact', 'types'];

/**
 * The command line answers through the same MCP tools, over an in-memory pair, so people and
 * scripts get exactly what agents get.
 */
export async function runCommand(
  server: McpServer,
  command: string,
  rest: string[],
  flags: Record<string, unknown>,
): Promise<number> {
  if (!TOOL_COMMANDS.includes(command)) {
    console.error(`unknown command "${command}"; one of: ${TOOL_COMMANDS.join(', ')}`);
    return 2;
  }
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flags)) {
    if (['json', 'warm', 'allow', 'child', 'help'].includes(key) || value === undefined) continue;
    const name = key === 'max-tokens' ? 'max_tokens' : key;
    args[name] =
      typeof value === 'string' && /^\d+$/.test(value) && name !== 'query' && name !== 'symbol'
        ? Number(value)
        : value;
  }
  if (typeof args.root === 'string') args.root = (await import('node:path')).resolve(args.root);
  // A bare word after the command is the main argument: a query, a symbol or a file.
  if (rest[0]) {
    if (command === 'symbols') args.query ??= rest[0];
    else if (command === 'health' || command === 'impact')
      args[rest[0].includes('/') || rest[0].includes('.') ? 'file' : 'symbol'] ??= rest[0];
    else args.symbol ??= rest[0];
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'boocontext-cli', version: '0.1.0' });
  await client.connect(clientSide);
  const result = await client.callTool({ name: `boocontext_${command}`, arguments: args });
  if (!result.structuredContent) {
    console.error(JSON.stringify(result.content));
    await client.close();
    return 1;
  }
  const envelope = result.structuredContent as {
    verdict: string;
    summary: string;
    details: Record<string, unknown>;
  };
  if (flags.json) console.log(JSON.stringify(envelope, null, 2));
  else {
    console.log(`${envelope.verdict}: ${envelope.summary}`);
    if (command === 'map' && typeof envelope.details.map === 'string')
      console.log(`\n${envelope.details.map}`);
    else console.log(JSON.stringify(envelope.details, null, 2));
  }
  await client.close();
  return envelope.verdict === 'UNSAFE' ? 1 : 0;
}
