import { readOnlyTool, rootDirectory } from '@boocode/mcp-server-kit';
import { readOnlyServer } from '@boocode/mcp-server-kit/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { Projects } from './project/projects.js';
import { declarations, shape, signature, typeAt } from './query/queries.js';
import { saveCodeCache } from './typescript.js';

const position = {
  root: z.string().min(1).describe('Absolute path of the project root'),
  file: z.string().optional().describe('File path relative to root'),
  line: z.number().int().min(1).optional(),
  column: z.number().int().min(1).optional(),
  symbol: z.string().optional().describe('A name: fn, Class, Class.member'),
};

/** The ts-types MCP server: one warm set of language services per root, for the whole session. */
export function buildServer(): McpServer {
  const roots = new Map<string, Projects>();
  const projectsFor = (root: string) => {
    const abs = rootDirectory(root);
    let projects = roots.get(abs);
    if (!projects) {
      projects = new Projects(abs);
      roots.set(abs, projects);
    }
    return projects;
  };
  const query =
    <Q>(fn: (projects: Projects, query: Q) => object) =>
    (args: Q & { root: string }) => {
      const answer = fn(projectsFor(args.root), args) as Record<string, unknown>;
      // After a first answer the compiler's hot functions are compiled: the next session starts with them.
      saveCodeCache();
      return answer;
    };
  return readOnlyServer({
    name: 'ts-types',
    packageUrl: import.meta.url,
    tools: [
      readOnlyTool({
        name: 'type_at',
        description:
          'The type at a position (file + line + column, 1-based) or of a named symbol (file + symbol), with aliases unfolded to `depth` levels; at a call, the signature with generics instantiated at that call site.',
        input: z.object({ ...position, depth: z.number().int().min(0).max(5).optional() }),
        run: query(typeAt),
      }),
      readOnlyTool({
        name: 'signature',
        description:
          'The resolved signature(s) of a function, method or constructor: overloads, type parameters with constraints and defaults, parameters with docs, return type.',
        input: z.object({ ...position, symbol: z.string().min(1) }),
        run: query(signature),
      }),
      readOnlyTool({
        name: 'shape',
        description:
          'The members of an interface, type or class, including inherited ones (with where they come from) and merged declarations.',
        input: z.object({ ...position, symbol: z.string().min(1) }),
        run: query(shape),
      }),
      readOnlyTool({
        name: 'declarations',
        description:
          'Where a symbol is really declared, following imports and re-exports (each hop listed in `chain`).',
        input: z.object(position),
        run: query(declarations),
      }),
    ],
  });
}
