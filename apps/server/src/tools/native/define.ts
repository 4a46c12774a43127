import type { ToolResult } from '@boocode/mcp-hub';
import { z } from 'zod';
import { AppError, describeError } from '../../errors.js';
import type { ToolContext, ToolDef } from '../types.js';

/**
 * Builds a native tool from a zod schema: the JSON Schema the model sees and the parser the call
 * goes through come from the same definition, and every failure becomes an error result the
 * model can act on rather than an exception.
 */
export function defineTool<S extends z.ZodObject>(spec: {
  name: string;
  description: string;
  schema: S;
  run: (args: z.infer<S>, ctx: ToolContext) => Promise<string>;
}): ToolDef {
  const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(spec.schema) as Record<string, unknown>;
  return {
    name: spec.name,
    description: spec.description,
    inputSchema,
    source: 'native',
    async run(args, ctx): Promise<ToolResult> {
      const parsed = spec.schema.safeParse(args);
      if (!parsed.success) {
        const problems = parsed.error.issues
          .map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`)
          .join('; ');
        return { error: true, output: `invalid arguments for ${spec.name}: ${problems}` };
      }
      try {
        return { error: false, output: await spec.run(parsed.data, ctx) };
      } catch (error) {
        return {
          error: true,
          output: error instanceof AppError ? error.message : `${spec.name} failed: ${describeError(error)}`,
        };
      }
    },
  };
}
