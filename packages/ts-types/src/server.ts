import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { packageInfo } from '@boocode/mcp-server-kit';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { Projects, TypesError } from './project/projects.js';
import { declarations, shape, signature, typeAt } from './query/queries.js';

const ro = { readOnlyHint: true, openWorldHint: false } as const;
const position = {
  root: z.string().min(1).describe('Absolute path of the project root'),
  file: z.string().optional().describe('File path relative to root'),
  line: z.number().int().min(1).optional(),
  column: z.number().int().min(1).optional(),
  symbol: z.string().optional().describe('A name: fn, Class, Class.member'),
};

/** The ts-types MCP server: one warm set of language services per root, for the whole session. */
export function buildServer(): McpServer {
  const server = new McpServer({ name: 'ts-types', version: packageInfo(import.meta.url).version });
  const roots = new Map<string, Projects>();
  const projectsFor = (root: string) => {
    if (!path.isAbsolute(root)) throw new TypesError(`root must be an absolute path, got "${root}"`);
    if (!existsSync(root) || !statSync(root).isDirectory())
      throw new TypesError(`root ${root} is not a directory`);
    let projects = roots.get(root);
    if (!projects) {
      projects = new Projects(path.resolve(root));
      roots.set(root, projects);
    }
    return projects;
  };
  const tool =
    <Q>(fn: (projects: Projects, query: Q) => object) =>
    async (args: Q & { root: string }) => {
      try {
        const result = fn(projectsFor(args.root), args) as Record<string, unknown>;
        return {
          content: [{ type: 'text' as const, text: JSON.stringify(result) }],
          structuredContent: result,
        };
      } catch (error) {
        const known = error instanceof TypesError;
        const message = known ? error.message : `ts-types failed: ${(error as Error).message}`;
        // The code is for programs; the message is for the model.
        const code = known ? error.code : 'INTERNAL';
        return {
          content: [{ type: 'text' as const, text: message }],
          structuredContent: { error: { code, message } },
          isError: true,
        };
      }
    };

  server.registerTool(
    'type_at',
    {
      description:
        'The type at a position (file + line + column, 1-based) or of a named symbol (file + symbol), with aliases unfolded to `depth` levels; at a call, the signature with generics instantiated at that call site.',
      inputSchema: z.object({ ...position, depth: z.number().int().min(0).max(5).optional() }),
      annotations: ro,
    },
    tool(typeAt),
  );
  server.registerTool(
    'signature',
    {
      description:
        'The resolved signature(s) of a function, method or constructor: overloads, type parameters with constraints and defaults, parameters with docs, return type.',
      inputSchema: z.object({ ...position, symbol: z.string().min(1) }),
      annotations: ro,
    },
    tool(signature),
  );
  server.registerTool(
    'shape',
    {
      description:
        'The members of an interface, type or class, including inherited ones (with where they come from) and merged declarations.',
      inputSchema: z.object({ ...position, symbol: z.string().min(1) }),
      annotations: ro,
    },
    tool(shape),
  );
  server.registerTool(
    'declarations',
    {
      description:
        'Where a symbol is really declared, following imports and re-exports (each hop listed in `chain`).',
      inputSchema: z.object(position),
      annotations: ro,
    },
    tool(declarations),
  );
  return server;
}
