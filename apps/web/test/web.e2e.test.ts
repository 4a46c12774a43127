import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  everythingBin,
  type Harness,
  hubFixture,
  type ScriptedModel,
  startHarness,
  startOAuthServer,
  startScriptedModel,
} from '@boocode/server/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoot } from '../index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The README's screenshots are rewritten on request only: a test run leaves the work tree as it was.
const screenshots = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(here, '../../../docs/screenshots')
  : mkdtempSync(path.join(tmpdir(), 'boocode-screenshots-'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical findings on the page as it is now, one line each. */
async function seriousA11yProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: any[] }> } }).axe;
    const { violations } = await axe.run({ resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n: any) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).join(', ')}`);
}

/** A real BooCode serving this page. */
const servePage = (options: Parameters<typeof startHarness>[0] = {}) => startHarness({ ...options, webRoot });

let browser: Browser;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  if (!existsSync(path.join(webRoot, 'index.html')))
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

describe('a reply streaming into a long chat', () => {
  it('draws only what changed: earlier answers keep their nodes and a selection, and a reader scrolled up stays there', async () => {
    const lines = (n: number, word: string) =>
      Array.from({ length: n }, (_, i) => `${word} line ${i} with \`code\` and **bold** text.`).join('\n\n');
    const model = await startScriptedModel([
      { text: lines(80, 'First') },
      { text: lines(40, 'Second'), chunkDelayMs: 15 },
    ]);
    const harness = await servePage({ modelUrl: model.url });
    cleanup.push(model.close, harness.close);
    const page = await askInNewChat(harness, 'Tell me a lot.');
    await page.locator('.message.assistant .markdown', { hasText: 'First line 79' }).waitFor();
    await page.locator('#send:not([hidden])').waitFor();
    await page.fill('#prompt', 'And more.');
    await page.click('#send');
    await page.locator('.message.assistant .markdown', { hasText: 'Second line 1 ' }).waitFor();
    // While the reply streams, a reader scrolls up and selects part of the first answer (marked,
    // so that a redraw of it would show).
    await page.evaluate(() => {
      (document.getElementById('messages') as HTMLElement).scrollTop = 0;
      const first = document.querySelector('.message.assistant .markdown') as HTMLElement;
      first.dataset.probe = 'kept';
      const range = document.createRange();
      range.selectNodeContents(first.querySelector('p') as Node);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    });
    await page.locator('.message.assistant .markdown', { hasText: 'Second line 20 ' }).waitFor();
    const seen = await page.evaluate(() => ({
      scrollTop: (document.getElementById('messages') as HTMLElement).scrollTop,
      probe: (document.querySelector('.message.assistant .markdown') as HTMLElement).dataset.probe,
      selected: getSelection()?.toString(),
    }));
    expect(seen).toEqual({ scrollTop: 0, probe: 'kept', selected: 'First line 0 with code and bold text.' });
    const pill = page.locator('button.new-output');
    await pill.waitFor();
    await pill.click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const box = document.getElementById('messages') as HTMLElement;
          return box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }),
      )
      .toBe(true);
    expect(await pill.isHidden()).toBe(true);
    await page.locator('#send:not([hidden])').waitFor();
    await page.close();
  });
});

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
    harness = await servePage({
      modelUrl: model.url,
      servers: { spare: { command: process.execPath, args: [everythingBin, 'stdio'], enabled: false } },
    });
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

    // A reload shows the finished conversation from storage.
    await page.reload();
    await page.locator('#sessions .session').first().click();
    await page.locator('.message.assistant .markdown strong', { hasText: 'the answer' }).waitFor();
    expect(await page.locator('.message.user .user-text').textContent()).toBe('What does echo say?');
    await page.close();
  });

  it('calls a tool from a form made from its schema: an enum as a select, a number field, one message per wrong field', async () => {
    const page = await open(harness);
    const pick = async (tool: string) => {
      await page.locator(`#console-tool option[value="${tool}"]`).waitFor({ state: 'attached' });
      await page.selectOption('#console-tool', tool);
    };
    await pick('everything_get-annotated-message');
    const messageType = page.locator('#console-form select[name="messageType"]');
    expect(await messageType.locator('option').allTextContents()).toEqual([
      '(not set)',
      'error',
      'success',
      'debug',
    ]);
    await page.click('#console-call');
    await page
      .locator('.field[data-field="messageType"] .field-error', { hasText: 'messageType required' })
      .waitFor();
    expect(await page.locator('#console-form .field-error:not(:empty)').count()).toBe(1);
    await messageType.selectOption({ label: 'success' });
    await page.check('#console-form input[name="includeImage"]');
    await page.click('#console-call');
    // The image block is drawn, not described.
    const image = page.locator('#console-result img.result-image');
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('#console-result').textContent()).toContain('Operation completed successfully');
    await page.screenshot({ path: path.join(screenshots, 'tool-console.png') });

    await pick('everything_get-resource-links');
    const count = page.locator('#console-form input[name="count"]');
    expect(await count.getAttribute('type')).toBe('number');
    await count.fill('12');
    await page.click('#console-call');
    await page
      .locator('.field[data-field="count"] .field-error', { hasText: 'count must be at most 10' })
      .waitFor();
    await count.fill('2');
    await page.click('#console-call');
    await page.locator('#console-result .resource-link').nth(1).waitFor();
    expect(await page.locator('#console-result .resource-link').count()).toBe(2);
    expect(await page.locator('#console-result .resource-link').first().textContent()).toMatch(/demo:\/\//);

    // The JSON tab carries the form's arguments and says each mistake once.
    await page.click('#tab-json');
    expect(JSON.parse(await page.inputValue('#console-args'))).toEqual({ count: 2 });
    await page.fill('#console-args', '{"count": "two"}');
    await page.click('#console-call');
    await page.locator('#console-error:not([hidden])').waitFor();
    expect(await page.locator('#console-error').textContent()).toBe('count must be a number');
    await page.fill('#console-args', '{"count": 2, "startLine": 1}');
    await page.click('#tab-form');
    expect(await page.locator('#console-error').textContent()).toMatch(/no field for startLine/);

    // Structured content shows beside the text.
    await page.fill('#console-args', '{}');
    await page.click('#tab-form');
    await pick('everything_get-structured-content');
    await page.selectOption('#console-form select[name="location"]', { label: 'Chicago' });
    await page.click('#console-call');
    await page.locator('#console-result .with-structured').waitFor();
    expect(
      await page.locator('#console-result .result-block', { hasText: 'structured content' }).textContent(),
    ).toMatch(/"temperature"/);
    await page.close();
  });

  it('shows a killed MCP server as unavailable, and reconnect brings it back', async () => {
    const page = await open(harness);
    const server = page.locator('#mcp-servers .server[data-server="everything"]');
    await server.locator('.state', { hasText: 'connected' }).waitFor();
    const { body } = await harness.api('GET', '/api/mcp');
    process.kill(body.servers[0].pid, 'SIGKILL');
    await server.locator('.state', { hasText: 'unavailable' }).waitFor({ timeout: 10_000 });
    expect(await server.locator('.server-error').textContent()).toMatch(/SIGKILL/);
    await page.screenshot({ path: path.join(screenshots, 'mcp-panel.png') });
    await server.locator('button', { hasText: 'Reconnect' }).click();
    await page
      .locator('#mcp-servers .server[data-server="everything"] .state', { hasText: 'connected' })
      .waitFor({ timeout: 15_000 });
    await page.close();
  });
});

describe('the MCP panel, live', () => {
  it('turns a disabled server on from the panel without a restart, persisted, and never polls', async () => {
    const harness = await servePage({
      servers: { spare: { command: process.execPath, args: [everythingBin, 'stdio'], enabled: false } },
    });
    cleanup.push(harness.close);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    let polls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/mcp') polls++;
    });
    await page.goto(harness.url);
    const spare = page.locator('#mcp-servers .server[data-server="spare"]');
    await spare.locator('.state', { hasText: 'disabled' }).waitFor();
    // The rejected tools say why.
    const everything = page.locator('#mcp-servers .server[data-server="everything"]');
    await everything.locator('summary', { hasText: '6 rejected tool(s)' }).click();
    expect(await everything.locator('.rejected').first().textContent()).toMatch(/readOnlyHint: false/);
    await spare.locator('button[data-action="enable"]').click();
    await spare.locator('.state', { hasText: 'connected' }).waitFor({ timeout: 15_000 });
    await page.locator('#console-tool option[value="spare_echo"]').waitFor({ state: 'attached' });
    const file = JSON.parse(readFileSync(path.join(harness.dataDir, 'mcp.json'), 'utf8'));
    expect(file.mcpServers.spare.enabled).toBe(true);
    // A change made elsewhere (the API, the CLI's reconnect) shows up without a reload.
    await harness.api('POST', '/api/mcp/spare/disable');
    await spare.locator('.state', { hasText: 'disabled' }).waitFor();
    await page.locator('#console-tool option[value="spare_echo"]').waitFor({ state: 'detached' });
    // A refusal stays under its server, through later live updates.
    writeFileSync(path.join(harness.dataDir, 'mcp.json'), '{ "mcpServers": {} }');
    await spare.locator('button[data-action="enable"]').click();
    await spare.locator('.action-error', { hasText: /no server "spare".*restart BooCode/ }).waitFor();
    await harness.api('POST', '/api/mcp/everything/reconnect');
    await everything.locator('.state', { hasText: 'connected' }).waitFor();
    expect(await spare.locator('.action-error').textContent()).toMatch(/restart BooCode/);
    expect(polls).toBe(0);
    await page.close();
  });
});

describe('chat rendering, narrow screens and accessibility', () => {
  let harness: Harness;
  const longEcho = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n');

  beforeAll(async () => {
    const model = await startScriptedModel([
      { toolCalls: [{ name: 'everything_echo', arguments: { message: longEcho } }] },
      {
        text: `| file | lines |\n| --- | --- |\n| a.ts | 10 |\n\nSee https://example.com/${'very-long-path-segment/'.repeat(12)}\n\n\`\`\`ts\nconst copied = true;\n\`\`\`\n`,
      },
    ]);
    harness = await servePage({ modelUrl: model.url });
    cleanup.push(model.close, harness.close);
  });

  it('borders tables, folds long outputs, copies code, and says who answered and when', async () => {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await page.goto(harness.url);
    await page
      .locator('#mcp-servers .server[data-server="everything"] .state', { hasText: 'connected' })
      .waitFor();
    await page.fill('#prompt', 'list the files');
    await page.press('#prompt', 'Enter');
    const cell = page.locator('.message.assistant .markdown td').first();
    await cell.waitFor();
    expect(await cell.evaluate((td) => getComputedStyle(td).borderTopWidth)).toBe('1px');
    expect(await page.locator('.message.assistant .meta').textContent()).toBe('scripted · just now');

    const card = page.locator('details.tool-card[data-tool="everything_echo"]');
    await card.locator('summary').click();
    const output = card.locator('.tool-result');
    expect(await output.evaluate((pre) => pre.classList.contains('folded'))).toBe(true);
    const folded = await output.evaluate((pre) => pre.clientHeight);
    await card.locator('.fold-toggle', { hasText: 'Show all 60 lines' }).click();
    expect(await output.evaluate((pre) => pre.clientHeight)).toBeGreaterThan(folded);

    await page.locator('.markdown pre .copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const copied = true;');
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'chat.png') });
    await context.close();
  });

  it('is usable at 390 px: the chat fills the width, the panels open as drawers, nothing overflows', async () => {
    // Reduced motion: the drawer is where it ends up at once, not mid-slide.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const { body } = await harness.api('GET', '/api/sessions');
    await page.goto(new URL(`/s/${body.sessions[0].id}`, harness.url).href);
    await page.locator('.message.assistant .markdown td').first().waitFor();
    expect((await page.locator('#prompt').boundingBox())?.width).toBeGreaterThan(330);
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    const overflow = await page.evaluate(
      () =>
        [...document.querySelectorAll('#messages, #messages .message')].filter(
          (n) => n.scrollWidth > n.clientWidth + 1,
        ).length,
    );
    expect(overflow).toBe(0);
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'narrow-chat.png') });

    await page.click('#open-panels');
    await page.locator('#side-panels.open').waitFor();
    await page.locator('#mcp-servers .server[data-server="everything"]').waitFor();
    expect(await page.locator('#open-panels').getAttribute('aria-expanded')).toBe('true');
    const drawer = await page.locator('#side-panels').boundingBox();
    expect(drawer && drawer.x + drawer.width).toBeLessThanOrEqual(391);
    await page.screenshot({ path: path.join(screenshots, 'narrow-tools.png') });
    await page.keyboard.press('Escape');
    await page.locator('#side-panels.open').waitFor({ state: 'detached' });

    await page.click('#open-sidebar');
    await page.locator('#sidebar.open #new-session-button').click();
    await page.locator('#sidebar.open').waitFor({ state: 'detached' });
    await page.fill('#prompt', 'still works');
    expect(await page.locator('#send').isVisible()).toBe(true);
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
    harness = await servePage({ modelUrl: model.url });
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
    await page.fill('#console-form input[name="duration"]', '2.4');
    await page.fill('#console-form input[name="steps"]', '6');
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

    await page.click('#tab-json');
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
    harness = await servePage({ modelUrl: model.url, mcp: false });
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
    expect(await page.locator('.message.user .user-text').textContent()).toBe('first line\nsecond line');
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
    expect(await page.locator('.message.user .user-text').textContent()).toBe('stream slowly');
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
    const harness = await servePage();
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
    const harness = await servePage({ env: { BOOCODE_TOKEN: 'open-sesame' }, mcp: false });
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

describe('what MCP servers offer and ask: resources, prompts, forms, logins', () => {
  const modern = { command: process.execPath, args: [hubFixture('modern-server.mjs')] };

  it('attaches a resource to the message as a quoted block under its URI', async () => {
    const harness = await servePage();
    cleanup.push(harness.close);
    const page = await open(harness);
    const everything = page.locator('#mcp-servers .server[data-server="everything"]');
    await everything.locator('.state', { hasText: 'connected' }).waitFor();
    await everything.locator('summary', { hasText: 'Resources' }).click();
    const first = everything.locator('.resource').first();
    await first.waitFor();
    const uri = (await first.getAttribute('data-uri')) ?? '';
    const expected = await harness.api('GET', `/api/mcp/everything/resource?uri=${encodeURIComponent(uri)}`);
    await page.fill('#prompt', 'Explain this:');
    await first.locator('button', { hasText: 'Attach' }).click();
    const text = expected.body.contents[0].text as string;
    const firstLine = text.split('\n')[0] ?? '';
    await expect.poll(() => page.inputValue('#prompt')).toContain(`> ${uri}\n>\n> ${firstLine}`);
    expect(await page.inputValue('#prompt')).toMatch(/^Explain this:\n\n> /);
    await page.close();
  });

  it('lists prompts on / and inserts one after asking for its arguments', async () => {
    const harness = await servePage();
    cleanup.push(harness.close);
    const page = await open(harness);
    await page
      .locator('#mcp-servers .server[data-server="everything"] .state', { hasText: 'connected' })
      .waitFor();
    await page.click('#prompt');
    await page.keyboard.type('/args');
    const option = page.locator('#slash-menu [role="option"][data-prompt="everything:args-prompt"]');
    await option.waitFor();
    await page.keyboard.press('Enter');
    const args = page.locator('#prompt-args');
    await args.locator('[data-field="city"] input').waitFor();
    // A required argument left empty is named, and nothing is inserted.
    await args.locator('button', { hasText: 'Insert prompt' }).click();
    await args.locator('.field-error', { hasText: 'city is required' }).waitFor();
    await args.locator('[data-field="city"] input').fill('Braga');
    await args.locator('button', { hasText: 'Insert prompt' }).click();
    await expect.poll(() => page.inputValue('#prompt')).toContain('Braga');
    expect(await page.locator('#prompt-args').isHidden()).toBe(true);
    await page.close();
  });

  it("shows a server's form with its defaults and sends the answer back", async () => {
    const harness = await servePage({ servers: { m: modern } });
    cleanup.push(harness.close);
    const page = await open(harness);
    await page.locator('#console-tool option[value="m_ask"]').waitFor({ state: 'attached' });
    await page.selectOption('#console-tool', 'm_ask');
    await page.click('#console-call');
    const card = page.locator('#mcp-requests .mcp-request.elicitation');
    await card.waitFor();
    expect(await card.locator('h3').textContent()).toBe('m asks');
    expect(await card.locator('[data-field="name"] input').inputValue()).toBe('Ada');
    expect(await card.locator('[data-field="age"] input').inputValue()).toBe('36');
    await card.locator('[data-field="name"] input').fill('Grace');
    await page.screenshot({ path: path.join(screenshots, 'elicitation.png') });
    await card.locator('button', { hasText: 'Submit' }).click();
    await page.locator('#console-result', { hasText: '"name":"Grace","age":36,"role":"dev"' }).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.close();
  });

  it("shows one card per server at a time, with how many more of that server's wait behind it", async () => {
    const harness = await servePage({ servers: { m: modern } });
    cleanup.push(harness.close);
    const page = await open(harness);
    await page.locator('#console-tool option[value="m_ask"]').waitFor({ state: 'attached' });
    const calls = [1, 2, 3].map(() => harness.api('POST', '/api/tools/m_ask/call', { arguments: {} }));
    await expect.poll(async () => (await harness.api('GET', '/api/mcp/input')).body.requests.length).toBe(3);
    const cards = page.locator('#mcp-requests .mcp-request');
    await cards.locator('.more-waiting', { hasText: '2 more waiting from m' }).waitFor();
    expect(await cards.count()).toBe(1);
    await page.screenshot({ path: path.join(screenshots, 'requests-waiting.png') });
    for (const left of ['1 more waiting from m', '']) {
      await cards.locator('button', { hasText: 'Decline' }).click();
      await expect.poll(() => cards.locator('.more-waiting').textContent()).toBe(left);
      expect(await cards.count()).toBe(1);
    }
    await cards.locator('button', { hasText: 'Decline' }).click();
    await cards.first().waitFor({ state: 'detached' });
    for (const call of await Promise.all(calls))
      expect(call.body.output).toBe('answer: {"action":"decline"}');
    await page.close();
  });

  it('logs in to an OAuth-protected server through the browser and back', async () => {
    const oauth = await startOAuthServer();
    cleanup.push(async () => oauth.stop());
    const harness = await servePage({ servers: { remote: { url: oauth.url } } });
    cleanup.push(harness.close);
    const page = await open(harness);
    const remote = page.locator('#mcp-servers .server[data-server="remote"]');
    await remote.locator('.state', { hasText: 'needs-login' }).waitFor();
    await remote.locator('button[data-action="login"]').click();
    // The authorization server approves at once and sends the browser to BooCode's callback.
    await page.waitForURL(/\/oauth\/callback\?/);
    await page.locator('h1', { hasText: 'Logged in to remote' }).waitFor();
    await page.click('text=Back to BooCode');
    await remote.locator('.state', { hasText: 'connected' }).waitFor();
    await remote.locator('button[data-action="logout"]').waitFor();
    await page.locator('#console-tool option[value="remote_whoami"]').waitFor({ state: 'attached' });
    await remote.locator('button[data-action="logout"]').click();
    await remote.locator('.state', { hasText: 'needs-login' }).waitFor();
    await page.close();
  });
});
