import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Project, Projects } from '@boocode/ts-types/projects';
import { saveCodeCache } from '@boocode/ts-types/typescript';
import { type Answer, answerCalls } from './ask.js';
import { canonicalDeclarations } from './declarations.js';
import { beforeEdit, type EditWindow, editWindow } from './edit-window.js';

/** One file to ask about: root-relative, with the calls the syntax already resolved surely. */
export interface CheckJobFile {
  file: string;
  hash: string;
  confident: string[];
}

/** A file changed since it was last answered. */
export interface ChangedFile extends CheckJobFile {
  /** Files importing it: asked again when its declarations changed. */
  importers: string[];
}

export interface CheckJob {
  changed: ChangedFile[];
  /** The importers' own entries, asked only when a file they import changed its declarations. */
  importers: CheckJobFile[];
  /** Every root-relative file the index holds: a declaration anywhere else is no answer. */
  indexed: string[];
}

export type CheckMessage =
  | { type: 'progress'; done: number; total: number }
  | {
      type: 'file';
      file: string;
      hash: string;
      answers: Answer[];
      /** For a changed file whose declarations held: which of its old answers stand, and where. */
      kept?: EditWindow;
    }
  | { type: 'done'; asked: number; peakMb: number }
  | { type: 'error'; message: string };

const root = process.argv[2] as string;
// Kept for the process's life: the next job's programs reuse every unchanged file's tree and binding.
const projects = new Projects(root, { typesOnly: true, projectCallsOnly: true });

/**
 * What other files can see of one: its declarations as the compiler would emit them (inferred
 * types written out), unions in a fixed order and no `readonly` on inferred members — a checker
 * prints the same declarations differently after different work (a union's members in the order it
 * met them). While they hold, a file importing this one resolves its calls as before.
 */
function declarationsOf(project: Project, abs: string): string | undefined {
  try {
    const text = project.service
      .getEmitOutput(abs, true, true)
      .outputFiles.map((f) => f.text)
      .join('\n');
    return canonicalDeclarations(text);
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A file to ask about, and for an edited one, the lines its edit needs asked again. */
interface Asking {
  file: CheckJobFile;
  kept?: EditWindow;
}

/**
 * The old side of each changed file, from the program this process kept from the last pass: its
 * declarations and where its text departs from the new, read before that program is replaced
 * (updating it reuses the old tree's nodes). Nothing for a file the last pass never read.
 */
function oldSides(project: Project, files: string[]) {
  const previous = project.versions.size > 0 ? projects.current(project) : undefined;
  return new Map(
    files.map((abs) => {
      const source = project.versions.has(abs) ? previous?.getSourceFile(abs) : undefined;
      const text = readText(abs);
      if (!previous || !source || text === undefined) return [abs, undefined];
      const side = beforeEdit(source, previous.getTypeChecker(), text);
      return [abs, { declarations: declarationsOf(project, abs), text, side }];
    }),
  );
}

/**
 * The project's changed files, each with the lines its edit needs asked again when its
 * declarations held; the importers of one whose declarations changed go into `reached`.
 */
function changedFiles(
  project: Project,
  files: ChangedFile[],
  changed: Set<string>,
  reached: Set<string>,
): Asking[] {
  const abs = (f: CheckJobFile) => path.join(root, f.file);
  const before = oldSides(
    project,
    files.map((f) => abs(f)),
  );
  const program = projects.program(project);
  return files.map((file) => {
    const old = before.get(abs(file));
    const held = old?.declarations !== undefined && old.declarations === declarationsOf(project, abs(file));
    if (!held) for (const importer of file.importers) if (!changed.has(importer)) reached.add(importer);
    const source = program.getSourceFile(abs(file));
    // The window holds only if the program read the text the old side was compared with.
    const kept =
      held && old && source?.text === old.text
        ? editWindow(old.side, source, program.getTypeChecker())
        : undefined;
    return kept ? { file, kept } : { file };
  });
}

function run(job: CheckJob): void {
  const indexed = new Set(job.indexed);
  const total = job.changed.length + job.importers.length;
  let asked = 0;
  let done = 0;
  const byPath = new Map([...job.changed, ...job.importers].map((f) => [path.join(root, f.file), f]));
  const groups = projects.group([...byPath.keys()]);
  const changed = new Set(job.changed.map((f) => f.file));
  const reached = new Set<string>();
  const asking = new Map<Project, Asking[]>();
  for (const [project, paths] of groups) {
    const files = paths.map((p) => byPath.get(p) as CheckJobFile).filter((f) => changed.has(f.file));
    asking.set(project, changedFiles(project, files as ChangedFile[], changed, reached));
  }
  // Importers are asked only when a file they import changed its declarations.
  for (const [project, paths] of groups)
    for (const p of paths) {
      const file = byPath.get(p) as CheckJobFile;
      if (reached.has(file.file)) asking.get(project)?.push({ file });
    }
  for (const [project, list] of asking) {
    // Re-reading versions stats every file of the project: once per project, not per file.
    const program = projects.current(project);
    const checker = program.getTypeChecker();
    for (const { file, kept } of list) {
      const abs = path.join(root, file.file);
      const source = program.getSourceFile(abs);
      const result = source
        ? answerCalls(checker, source, {
            root,
            confident: new Set(file.confident),
            indexed: (rel) => indexed.has(rel),
            ...(kept ? { lines: { from: kept.keepBefore, to: kept.keepAfter + kept.delta } } : {}),
          })
        : { answers: [], asked: 0 };
      asked += result.asked;
      send({
        type: 'file',
        file: file.file,
        hash: file.hash,
        answers: result.answers,
        ...(kept ? { kept } : {}),
      });
      if (++done % 25 === 0) send({ type: 'progress', done, total });
    }
  }
  send({
    type: 'done',
    asked,
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
  });
}

function send(message: CheckMessage): void {
  process.send?.(message);
}

// The index that started this process is gone (closed, crashed, killed): so is this pass.
process.on('disconnect', () => process.exit(0));
process.on('message', (job: CheckJob) => {
  try {
    run(job);
    // After a first pass the checker's hot functions are compiled: the next process starts with them.
    saveCodeCache();
  } catch (error) {
    send({ type: 'error', message: (error as Error).message });
  }
});
