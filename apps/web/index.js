// The server imports this to find the built page; plain ESM so it needs no build itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
