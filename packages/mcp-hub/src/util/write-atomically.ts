import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces a file whole: writes a temporary file beside it, then renames it over the old one, so
 * an interrupted write never leaves half a file. The file keeps its permissions unless `mode` says
 * what they must be (new files get 0644 otherwise).
 */
export async function writeAtomically(file: string, text: string, mode?: number): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  const fileMode =
    mode ??
    (await stat(file).then(
      (s) => s.mode & 0o777,
      () => 0o644,
    ));
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(temp, text, { mode: fileMode, flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
