import { byCodeUnits } from '@boocode/source-kit';
import { modelLabel } from '../scanner/models.js';
import type { ScanResult } from '../scanner/scan.js';

/** About four characters a token: the budget unit models count in. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

interface Section {
  title: string;
  /** Lower rank is kept first when the map must be cut. */
  rank: number;
  lines: string[];
}

/** Groups paths by directory: `src/routes/: api.ts, users.ts`, lossless and much shorter for big trees. */
function groupByDirectory(files: string[]): string[] {
  const byDir = new Map<string, string[]>();
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    const dir = slash === -1 ? '.' : file.slice(0, slash);
    const list = byDir.get(dir) ?? [];
    list.push(file.slice(slash + 1));
    byDir.set(dir, list);
  }
  return [...byDir.entries()].map(([dir, names]) => `${dir}/: ${names.join(', ')}`);
}

/** The full map: every section, nothing grouped. */
export function fullSections(scan: ScanResult): Section[] {
  return [
    {
      title: 'ROUTES',
      rank: 0,
      lines: scan.routes.map(
        (r) =>
          `${r.method} ${r.path}  ${r.file}:${r.line}${r.handler ? ` ${r.handler}` : ''} [${r.framework}]`,
      ),
    },
    {
      title: 'MODELS',
      rank: 1,
      lines: scan.models.map(
        (m) => `${modelLabel(m)} ${m.file}:${m.line}${m.fields?.length ? ` { ${m.fields.join(', ')} }` : ''}`,
      ),
    },
    { title: 'HOT FILES', rank: 2, lines: scan.hotFiles.map((h) => `${h.file} ← ${h.importedBy} importers`) },
    {
      title: 'COMPONENTS',
      rank: 3,
      lines: scan.components.map((c) => `${c.name} (${c.framework}) ${c.file}:${c.line}`),
    },
    { title: 'ENV', rank: 4, lines: scan.env.map((e) => `${e.name}: ${e.files.join(', ')}`) },
    { title: 'IMPORTS', rank: 5, lines: importLines(scan) },
    { title: 'NOT APP CODE', rank: 6, lines: scan.excluded.map((e) => `${e.file} (${e.reason})`) },
  ];
}

function importLines(scan: ScanResult): string[] {
  const byFile = new Map<string, string[]>();
  for (const [from, to] of scan.edges) {
    const list = byFile.get(from) ?? [];
    list.push(to);
    byFile.set(from, list);
  }
  // Hot files' importers first: the edges an agent most needs when the map is cut.
  const hot = new Map(scan.hotFiles.map((h, i) => [h.file, i]));
  const weight = (targets: string[]) => Math.min(...targets.map((t) => hot.get(t) ?? 1e9));
  return [...byFile.entries()]
    .sort((a, b) => weight(a[1]) - weight(b[1]) || byCodeUnits(a[0], b[0]))
    .map(([from, to]) => `${from} → ${to.join(', ')}`);
}

/** Lossless structure: routes grouped under their first path segment, files under their directory. */
function structuredSections(scan: ScanResult): Section[] {
  const sections = fullSections(scan);
  const routes = sections[0] as Section;
  const byPrefix = new Map<string, string[]>();
  for (const r of scan.routes) {
    const prefix = `/${r.path.split('/').filter(Boolean)[0] ?? ''}`;
    const rest = r.path.slice(prefix.length) || '/';
    const list = byPrefix.get(prefix) ?? [];
    list.push(`${r.method} ${rest} ${r.file}:${r.line}`);
    byPrefix.set(prefix, list);
  }
  routes.lines = [...byPrefix.entries()].map(([prefix, list]) => `${prefix}: ${list.join('; ')}`);
  const envSection = sections[4] as Section;
  envSection.lines = scan.env.map(
    (e) => `${e.name} (${e.files.length} file${e.files.length === 1 ? '' : 's'})`,
  );
  const imports = sections[5] as Section;
  const targetsByDir = new Map<string, Set<string>>();
  for (const [from, to] of scan.edges) {
    const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '.';
    const set = targetsByDir.get(dir) ?? new Set();
    set.add(to);
    targetsByDir.set(dir, set);
  }
  imports.lines = [...targetsByDir.entries()].map(
    ([dir, targets]) => `${dir}/ → ${groupByDirectory([...targets]).join(' | ')}`,
  );
  return sections;
}

function render(header: string, sections: Section[]): string {
  return [
    header,
    ...sections
      .filter((s) => s.lines.length > 0)
      .map((s) => `## ${s.title} (${s.lines.length})\n${s.lines.join('\n')}`),
  ].join('\n\n');
}

export interface MapText {
  text: string;
  truncated: boolean;
  omitted: Record<string, number>;
  originalTokens: number;
  tokens: number;
  ratio: number;
  stage: 'full' | 'structured' | 'truncated';
}

/**
 * The repository map as plain text. Under the token threshold it is the full map; above it, the
 * DCP step: first lossless structure (grouping by path prefix and directory), then, if still too
 * big, ranked truncation that keeps routes and models before hot files, components, env and imports,
 * and says exactly what it left out.
 */
export function renderMap(scan: ScanResult, thresholdTokens: number): MapText {
  const languages =
    Object.entries(scan.languages)
      .map(([l, n]) => `${l} ${n}`)
      .join(', ') || 'no source files';
  const header = `# ${scan.root}\n${scan.files} files; ${languages}; frameworks: ${scan.frameworks.join(', ') || 'none detected'}`;
  const full = render(header, fullSections(scan));
  const originalTokens = estimateTokens(full);
  const result = (text: string, stage: MapText['stage'], omitted: Record<string, number> = {}): MapText => ({
    text,
    truncated: stage === 'truncated',
    omitted,
    originalTokens,
    tokens: estimateTokens(text),
    ratio: Math.round((estimateTokens(text) / originalTokens) * 1000) / 1000,
    stage,
  });
  if (originalTokens <= thresholdTokens) return result(full, 'full');
  const sections = structuredSections(scan);
  const structured = render(header, sections);
  if (estimateTokens(structured) <= thresholdTokens) return result(structured, 'structured');
  const omitted: Record<string, number> = {};
  const budget = thresholdTokens * 4;
  const kept = sections.map((s) => ({ ...s, lines: [] as string[] }));
  let used = header.length;
  for (const section of [...sections].sort((a, b) => a.rank - b.rank)) {
    const target = kept.find((k) => k.title === section.title) as Section;
    for (const [index, line] of section.lines.entries()) {
      if (used + line.length + 1 > budget - 200) {
        omitted[section.title] = section.lines.length - index;
        break;
      }
      target.lines.push(line);
      used += line.length + 1;
    }
  }
  const note = `[map cut to ~${thresholdTokens} tokens; left out: ${Object.entries(omitted)
    .map(([t, n]) => `${n} ${t.toLowerCase()} lines`)
    .join(', ')}. Ask boocontext_map with a larger max_tokens or a narrower path.]`;
  return result(`${render(header, kept)}\n\n${note}`, 'truncated', omitted);
}
