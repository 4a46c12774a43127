import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../server/test/support/harness.js';
import { type ScriptedModel, startScriptedModel } from '../../server/test/support/scripted-model.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The README's screenshots are rewritten on request only: a test run leaves the work tree as it was.
const screenshots = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(here, '../../../docs/screenshots')
  : mkdtempSync(path.join(tmpdir(), 'boocode-screenshots-'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let browser: Browser;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  if (!existsSync(path.resolve(here, '../dist/index.html')))
    throw new Error('the page is not built: run npm run build -w @boocode/web');
  mkdirSync(screenshots, { recursive: true });
  // Playwright gives each launch a fresh, empty profile of its own.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  for (const fn of cleanup.reverse()) await fn();
  if (!process.env.UPDATE_SCREENSHOTS) rmSync(screenshots, { recursive: true, force: true });
});

async function open(harness: Harness): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(harness.url);
  return page;
}

/** A page whose everything server is connected, with `prompt` sent in a new chat. */
async function askInNewChat(harness: Harness, prompt: string): Promise<Page> {
  const page = await open(harness);
  await page
    .locator('#mcp-servers .server[data-server="everything"] .state', { hasText: 'connected' })
    .waitFor();
  await page.click('#new-session-button');
  await page.fill('#prompt', prompt);
  await page.click('#send');
  return page;
}

describe('the BooCode page in a real browser', () => {
  let model: ScriptedModel;
  let harness: Harness;

  beforeAll(async () => {
    model = await startScriptedModel([
      {
        text: 'Let me check. ',
        toolCalls: [{ name: 'everything_echo', arguments: { message: 'hi from the model' } }],
        chunkDelayMs: 5,
      },
      { text: 'Here is **the answer**:\n\n```ts\nconst answer = 42;\n```\n', chunkDelayMs: 5 },
    ]);
    harness = await startHarness({ modelUrl: model.url });
    cleanup.push(model.close, harness.close);
  });

  it('streams an answer with a tool card that opens to show arguments, result and duration', async () => {
    const page = await askInNewChat(harness, 'What does echo say?');
    const answer = page.locator('.message.assistant .markdown strong', { hasText: 'the answer' });
    await answer.waitFor();
    await page.locator('.message.assistant pre code.hljs', { hasText: 'const answer = 42;' }).waitFor();
    await page.locator('#send:not([hidden])').waitFor();
    const card = page.locator('details.tool-card[data-tool="everything_echo"]');
    expect(await card.getAttribute('open')).toBeNull();
    expect(await card.locator('.badge').first().textContent()).toBe('everything');
    expect(await card.locator('.tool-status').textContent()).toMatch(/^\d+ ms$/);
    await card.locator('summary').click();
    await card.locator('.tool-result').waitFor();
    expect(await card.locator('.tool-result').textContent()).toBe('Echo: hi from the model');
    expect(await card.locator('pre').first().textContent()).toContain('"message": "hi from the model"');
    expect(await page.locator('#sessions .session').count()).toBe(1);
    // The question shows once, above its answer.
    expect(
      await page.locator('#messages > .message').evaluateAll((nodes) => nodes.map((n) => n.className)),
    ).toEqual(['message user', 'message assistant']);
    await page.screenshot({ path: path.join(screenshots, 'chat.png') });

    // A reload shows the finished conversation from storage.
    await page.reload();
    await page.locator('#sessions .session').first().click();
    await page.locator('.message.assistant .markdown strong', { hasText: 'the answer' }).waitFor();
    expect(await page.locator('.message.user').textContent()).toBe('What does echo say?');
    await page.close();
  });

  it('calls a tool from the console, refusing arguments that do not match its schema', async () => {
    const page = await open(harness);
    await page.locator('#console-tool option[value="everything_echo"]').waitFor({ state: 'attached' });
    await page.selectOption('#console-tool', 'everything_echo');
    await page.fill('#console-args', '{"msg": 1}');
    await page.click('#console-call');
    await page.locator('#console-error:not([hidden])').waitFor();
    expect(await page.locator('#console-error').textContent()).toMatch(/do not match the schema.*message/);
    await page.fill('#console-args', '{"message": "from the console"}');
    await page.click('#console-call');
    await page.locator('#console-result:not([hidden])').waitFor();
    expect(await page.locator('#console-result').textContent()).toMatch(/Echo: from the console/);
    await page.screenshot({ path: path.join(screenshots, 'tool-console.png') });
    await page.close();
  });

  it('shows a killed MCP server as unavailable, and reconnect brings it back', async () => {
    const page = await open(harness);
    const server = page.locator('#mcp-servers .server[data-server="everything"]');
    await server.locator('.state', { hasText: 'connected' }).waitFor();
    const { body } = await harness.api('GET', '/api/mcp');
    process.kill(body.servers[0].pid, 'SIGKILL');
    await server.locator('.state', { hasText: 'unavailable' }).waitFor({ timeout: 10_000 });
    expect(await server.locator('.error').textContent()).toMatch(/SIGKILL/);
    await page.screenshot({ path: path.join(screenshots, 'mcp-panel.png') });
    await server.locator('button', { hasText: 'Reconnect' }).click();
    await page
      .locator('#mcp-servers .server[data-server="everything"] .state', { hasText: 'connected' })
      .waitFor({ timeout: 15_000 });
    await page.close();
  });
});

describe('progress of a long tool call', () => {
  const longRun = 'everything_trigger-long-running-operation';
  let harness: Harness;

  beforeAll(async () => {
    const model = await startScriptedModel([
      { toolCalls: [{ name: longRun, arguments: { duration: 2.4, steps: 6 } }] },
      { text: 'It finished.' },
    ]);
    harness = await startHarness({ modelUrl: model.url });
    cleanup.push(model.close, harness.close);
  });

  /** Waits until the bar's value is past `above`; returns it. */
  const barPast = async (page: Page, bar: string, above: number) => {
    await page.waitForFunction(
      ([selector, min]) =>
        Number(document.querySelector(selector as string)?.getAttribute('value') ?? -1) > (min as number),
      [bar, above],
    );
    return Number(await page.locator(bar).getAttribute('value'));
  };

  it('shows a bar that advances on the running tool card, gone when the result comes', async () => {
    const page = await askInNewChat(harness, 'run the long one');
    const bar = `details.tool-card[data-tool="${longRun}"] .tool-progress progress`;
    const first = await barPast(page, bar, 0);
    const later = await barPast(page, bar, first);
    expect(later).toBeGreaterThan(first);
    expect(
      await page.locator(`details.tool-card[data-tool="${longRun}"] .tool-progress`).textContent(),
    ).toMatch(/\d+%/);
    await page.locator('.message.assistant .markdown', { hasText: 'It finished.' }).waitFor();
    expect(await page.locator(bar).count()).toBe(0);
    await page.close();
  });

  it('shows the console call running: bar, elapsed time, Call disabled, and Cancel stops it', async () => {
    const page = await open(harness);
    await page.locator(`#console-tool option[value="${longRun}"]`).waitFor({ state: 'attached' });
    await page.selectOption('#console-tool', longRun);
    await page.fill('#console-args', '{"duration": 2.4, "steps": 6}');
    await page.click('#console-call');
    expect(await page.locator('#console-call').isDisabled()).toBe(true);
    const bar = '#console-progress progress';
    const first = await barPast(page, bar, 0);
    expect(await barPast(page, bar, first)).toBeGreaterThan(first);
    expect(await page.locator('#console-elapsed').textContent()).toMatch(/^\d+\.\d s$/);
    await page.screenshot({ path: path.join(screenshots, 'tool-progress.png') });
    await page.locator('#console-result:not([hidden])').waitFor();
    expect(await page.locator('#console-result').textContent()).toMatch(/completed/i);
    expect(await page.locator('#console-call').isDisabled()).toBe(false);

    await page.fill('#console-args', '{"duration": 30, "steps": 30}');
    await page.click('#console-call');
    await page.locator(bar).waitFor();
    await page.click('#console-cancel');
    await page.locator('#console-error:not([hidden])', { hasText: 'cancelled' }).waitFor();
    expect(await page.locator('#console-call').isDisabled()).toBe(false);
    await page.close();
  });
});

describe('a session with an address of its own', () => {
  let harness: Harness;
  beforeAll(async () => {
    const model = await startScriptedModel([
      { text: 'First answer.', chunkDelayMs: 5 },
      { text: `${'Streaming along. '.repeat(12)}done.`, chunkDelayMs: 40 },
    ]);
    harness = await startHarness({ modelUrl: model.url, mcp: false });
    cleanup.push(model.close, harness.close);
  });

  it('sends on Enter, breaks lines on Shift+Enter, and keeps each chat at /s/<id> across reload, back and forward', async () => {
    const page = await open(harness);
    const pathname = () => new URL(page.url()).pathname;
    await page.locator('#prompt').click();
    await page.keyboard.type('first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    expect(await page.inputValue('#prompt')).toBe('first line\nsecond line');
    await page.keyboard.press('Enter');
    await page.locator('.message.assistant .markdown', { hasText: 'First answer.' }).waitFor();
    const first = pathname();
    expect(first).toMatch(/^\/s\/[\w-]+$/);
    expect(await page.locator('.message.user').textContent()).toBe('first line\nsecond line');
    await page.locator('#send:not([hidden])').waitFor();
    // An input method's Enter picks a candidate; it sends nothing.
    await page.fill('#prompt', 'にほん');
    await page.evaluate(() =>
      document
        .getElementById('prompt')
        ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true })),
    );
    expect(await page.locator('.message.user').count()).toBe(1);
    expect(await page.inputValue('#prompt')).toBe('にほん');
    await page.fill('#prompt', '');
    // Up in the empty box brings the last message back to edit.
    await page.keyboard.press('ArrowUp');
    expect(await page.inputValue('#prompt')).toBe('first line\nsecond line');
    await page.fill('#prompt', '');

    // A reload in the middle of a turn comes back to the same chat, still streaming.
    await page.click('#new-session-button');
    await page.waitForURL((url) => url.pathname.startsWith('/s/') && url.pathname !== first);
    const second = pathname();
    await page.fill('#prompt', 'stream slowly');
    await page.press('#prompt', 'Enter');
    await page.locator('.message.assistant .markdown', { hasText: 'Streaming along.' }).waitFor();
    await page.reload();
    expect(pathname()).toBe(second);
    await page.locator('#stop:not([hidden])').waitFor();
    expect(await page.locator('.message.assistant .markdown', { hasText: 'done.' }).count()).toBe(0);
    await page.locator('.message.assistant .markdown', { hasText: 'done.' }).waitFor();
    expect(await page.locator('.message.user').textContent()).toBe('stream slowly');
    await page.locator('#send:not([hidden])').waitFor();

    // Back and forward step between the two chats.
    await page.goBack();
    await page.locator('.message.assistant .markdown', { hasText: 'First answer.' }).waitFor();
    expect(pathname()).toBe(first);
    await page.goForward();
    await page.locator('.message.assistant .markdown', { hasText: 'done.' }).waitFor();
    expect(pathname()).toBe(second);

    // An address of a session that is gone says so and leaves the page usable.
    await page.goto(new URL('/s/no-such-session', harness.url).href);
    await page.locator('.message.error', { hasText: 'No session no-such-session' }).waitFor();
    expect(pathname()).toBe('/');
    await page.close();
  });
});

describe('the page without a model, and with a token', () => {
  it('says what to set when no model is configured, while the MCP panel works', async () => {
    const harness = await startHarness();
    cleanup.push(harness.close);
    const page = await open(harness);
    await page.locator('#model-warning:not([hidden])').waitFor();
    expect(await page.locator('#model-warning').textContent()).toMatch(/LLM_BASE_URL.*LLM_MODEL/);
    await page.locator('#mcp-servers .server .state', { hasText: 'connected' }).waitFor();
    await page.fill('#prompt', 'hello');
    await page.click('#send');
    await page.locator('.message.error', { hasText: 'no model configured' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'no-model.png') });
    await page.close();
  });

  it('asks for the token once and keeps it', async () => {
    const harness = await startHarness({ env: { BOOCODE_TOKEN: 'open-sesame' }, mcp: false });
    cleanup.push(harness.close);
    const page = await open(harness);
    await page.locator('#token-dialog[open]').waitFor();
    await page.fill('#token-input', 'open-sesame');
    await page.click('#token-form button');
    await page.locator('#agent-picker option[value="reader"]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => localStorage.getItem('boocode.token'))).toBe('open-sesame');
    await page.reload();
    await page.locator('#agent-picker option[value="reader"]').waitFor({ state: 'attached' });
    expect(await page.locator('#token-dialog[open]').count()).toBe(0);
    await page.close();
  });
});
