import { z } from 'zod';
import { renderMap } from '../map/render.js';
import { defineTool, rootArg, type ToolDeps } from './define.js';

export const mapTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_map',
    'The full repository map as plain text: every route (method, full path, file:line), model, hot file, component, env var and import edge. Compressed losslessly, then by rank, above max_tokens (default 8000).',
    z.object({ root: rootArg, max_tokens: z.number().int().min(500).max(200_000).optional() }),
    async (args, root, ctx) => {
      const scan = await deps.scanner.scan(root, ctx);
      const map = renderMap(scan, args.max_tokens ?? deps.mapTokens);
      return {
        verdict: map.truncated || scan.unparsed.length > 0 ? 'CAUTION' : 'SAFE',
        summary: map.truncated
          ? `map of ${scan.files} files cut to ~${map.tokens} tokens (from ${map.originalTokens}); omitted: ${Object.entries(
              map.omitted,
            )
              .map(([k, v]) => `${v} ${k.toLowerCase()}`)
              .join(', ')}`
          : `map of ${scan.files} files, ${map.tokens} tokens${map.stage === 'structured' ? ` (grouped from ${map.originalTokens})` : ''}`,
        details: { map: map.text, omitted: map.omitted },
        source: 'scanner',
        truncated: map.truncated,
        notes: {
          compression_ratio: map.ratio,
          original_tokens: map.originalTokens,
          tokens: map.tokens,
          stage: map.stage,
          scan_ms: scan.stats.ms,
        },
      };
    },
  );
