import { z } from 'zod';
import { modelLabel } from '../scanner/models.js';
import { defineTool, rootArg, type ToolDeps } from './define.js';

export const overviewTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_overview',
    'Orientation for an unfamiliar repository in one call: languages, package managers, workspaces, frameworks, counts of routes/models/components/env vars, the most-imported files. Start here.',
    z.object({ root: rootArg }),
    async (_args, root, ctx) => {
      const scan = await deps.scanner.scan(root, ctx);
      const details = {
        root,
        files: scan.files,
        languages: scan.languages,
        packageManagers: scan.packageManagers,
        workspaces: scan.workspaces,
        frameworks: scan.frameworks,
        counts: {
          routes: scan.routes.length,
          models: scan.models.length,
          components: scan.components.length,
          envVars: scan.env.length,
          importEdges: scan.edges.length,
        },
        routes: scan.routes.slice(0, 25),
        models: scan.models.slice(0, 25).map(modelLabel),
        hotFiles: scan.hotFiles.slice(0, 10),
        envVars: scan.env.map((e) => e.name),
        unparsed: scan.unparsed,
        testsAndFixtures: scan.auxiliary,
        notAppCode: { files: scan.excluded.length, first: scan.excluded.slice(0, 10) },
      };
      const partial = scan.unparsed.length > 0;
      return {
        verdict: partial ? 'CAUTION' : 'SAFE',
        summary: `${scan.files} files (${Object.keys(scan.languages).join(', ') || 'no code'}); ${scan.frameworks.join(', ') || 'no framework detected'}; ${scan.routes.length} routes, ${scan.models.length} models, ${scan.components.length} components.${partial ? ` ${scan.unparsed.length} file(s) could not be fully parsed.` : ''}${scan.auxiliary.files ? ` ${scan.auxiliary.files} test/fixture files counted apart.` : ''}${scan.excluded.length ? ` ${scan.excluded.length} minified, bundled, generated or vendored file(s) set aside.` : ''} Next: boocontext_map for the full map.`,
        details,
        source: 'scanner',
        truncated: scan.routes.length > 25 || scan.models.length > 25,
        notes: {
          scan_ms: scan.stats.ms,
          scan_phases_ms: scan.stats.phases,
          files_read: scan.stats.read,
          files_parsed: scan.stats.parsed,
          files_from_cache: scan.stats.reused,
        },
      };
    },
  );
