// Child process of boocontext-vs-codesight.mjs: one cold scan in a fresh process, then edit one
// file and scan again, several times. Prints { cold, warm: [...], read: [...] } as JSON.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Scanner } from '../packages/boocontext/dist/index.js';

const [dir, edit, rounds = '7'] = process.argv.slice(2);
const scanner = new Scanner();
const cold = await scanner.scan(dir);
const file = path.join(dir, edit);
const original = readFileSync(file, 'utf8');
const warm = [];
const read = [];
for (let i = 0; i < Number(rounds); i++) {
  writeFileSync(file, `// edit ${i}\n${original}`);
  // Distinct mtimes even on file systems with coarse timestamps.
  utimesSync(file, new Date(), new Date(Date.now() + (i + 1) * 2000));
  const again = await scanner.scan(dir);
  warm.push(again.stats.ms);
  read.push(again.stats.read);
}
writeFileSync(file, original);
console.log(JSON.stringify({ cold: cold.stats.ms, coldPhases: cold.stats.phases, warm, read }));
