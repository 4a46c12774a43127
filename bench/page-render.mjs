// The page while a reply streams, in headless Chromium: a long markdown answer with code blocks
// streams into chats of 10, 60 and 300 messages (built through the API with the scripted model).
// Prints, per chat size, the share of the streaming time the main thread was blocked (the sum of
// long tasks, those over 50 ms, over the time from send to done) and the longest task, with the
// goal for 60 messages: blocked < 10%, no task over 100 ms.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startHarness, startScriptedModel } from '../apps/server/dist/testing/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.join(here, '../apps/web/dist');
const SIZES = [10, 60, 300];

/** An answer as models write them: prose, a list, a table and two highlighted code blocks. */
function answer(n) {
  const code = Array.from(
    { length: 12 },
    (_, i) => `  const value${i} = compute(${i}, "${n}"); // step ${i}`,
  ).join('\n');
  return [
    `## Answer ${n}\n\nThe function **reads** the \`config\` and returns early when it is missing.`,
    '- first, it parses\n- then it validates\n- last, it writes',
    '| file | lines |\n| --- | --- |\n| src/a.ts | 120 |\n| src/b.ts | 48 |',
    `\`\`\`ts\nexport function run() {\n${code}\n}\n\`\`\``,
    `\`\`\`python\ndef handler(event):\n    return {"status": 200, "body": "${n}"}\n\`\`\``,
  ].join('\n\n');
}

const turns = SIZES.reduce((a, b) => a + b / 2, 0) + SIZES.length;
const MEASURED = 'One more, at length.';
let built = 0;
// The measured question gets a long reply streamed a few characters every 5 ms; the rest, at once.
const model = await startScriptedModel(
  Array.from({ length: turns }, () => (request) => {
    const asked = request.messages.at(-1)?.content;
    if (asked === MEASURED)
      return { text: `${answer('streamed')}\n\n${answer('more')}\n\n${answer('end')}`, chunkDelayMs: 5 };
    return { text: answer(built++) };
  }),
);
const harness = await startHarness({ modelUrl: model.url, mcp: false, webRoot });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

async function waitForTurn(session) {
  for (;;) {
    const detail = (await harness.api('GET', `/api/sessions/${session}`)).body;
    if (!detail.runningTurnId) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const rows = [];
for (const size of SIZES) {
  const session = (await harness.api('POST', '/api/sessions', {})).body.id;
  for (let i = 0; i < size / 2; i++) {
    await harness.api('POST', `/api/sessions/${session}/messages`, { content: `Question ${i}?` });
    await waitForTurn(session);
  }
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${harness.url}/s/${session}`);
  await page
    .locator('#messages .message')
    .nth(size - 1)
    .waitFor();
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) =>
      window.longTasks.push(...list.getEntries().map((e) => e.duration)),
    ).observe({
      type: 'longtask',
    });
  });
  const started = await page.evaluate(() => performance.now());
  await page.fill('#prompt', MEASURED);
  await page.click('#send');
  await page.locator('.message.assistant .markdown', { hasText: 'Answer end' }).waitFor({ timeout: 120_000 });
  await page.locator('#send:not([hidden])').waitFor({ timeout: 120_000 });
  const { tasks, ended } = await page.evaluate(() => ({ tasks: window.longTasks, ended: performance.now() }));
  const blocked = tasks.reduce((a, b) => a + b, 0);
  rows.push({ size, ms: ended - started, blocked, longest: Math.max(0, ...tasks), count: tasks.length });
  await page.close();
}
await browser.close();
await harness.close();
await model.close();

console.log('chat size   stream ms   blocked ms   blocked %   long tasks   longest ms');
for (const r of rows)
  console.log(
    `${String(r.size).padStart(9)} ${Math.round(r.ms).toString().padStart(11)} ${Math.round(r.blocked).toString().padStart(12)} ${((100 * r.blocked) / r.ms).toFixed(1).padStart(10)}% ${String(r.count).padStart(12)} ${Math.round(r.longest).toString().padStart(12)}`,
  );
const sixty = rows.find((r) => r.size === 60);
console.log(
  `goal at 60 messages: blocked < 10% (${((100 * sixty.blocked) / sixty.ms).toFixed(1)}%), no task over 100 ms (${Math.round(sixty.longest)} ms): ${sixty.blocked / sixty.ms < 0.1 && sixty.longest <= 100 ? 'met' : 'NOT met'}`,
);
