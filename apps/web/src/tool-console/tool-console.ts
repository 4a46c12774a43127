import { api, callToolStreaming, errorText, type ToolInfo } from '../core/api.js';
import { $ } from '../core/dom.js';
import { tools } from '../core/shared.js';
import { el, progressBar } from '../ui/render.js';
import { resultView } from '../ui/result-view.js';
import { fieldErrors } from '../ui/schema-errors.js';
import { type SchemaForm, schemaForm } from '../ui/schema-form.js';

/**
 * The tool console: pick any tool, fill its arguments in a form or as JSON (one set of arguments
 * across both tabs), call it with live progress, elapsed time and Cancel, and see its result.
 */
export class ToolConsole {
  private form: SchemaForm | undefined;
  private jsonTab = false;
  /** The call in flight: its Cancel aborts it. */
  private call: AbortController | undefined;
  private readonly select = $<HTMLSelectElement>('console-tool');
  private readonly errorBox = $('console-error');
  private readonly argsBox = $<HTMLTextAreaElement>('console-args');

  constructor() {
    this.select.onchange = () => this.showTool();
    $('tab-form').onclick = () => this.showTab(false);
    $('tab-json').onclick = () => this.showTab(true);
    $('console-call').onclick = () => void this.callTool();
    $('console-cancel').onclick = () => this.call?.abort();
  }

  /** Fetches the tool list (for everyone: the store) and keeps the chosen tool when it is still there. */
  async refresh(): Promise<void> {
    const { tools: list } = await api<{ tools: ToolInfo[] }>('GET', '/api/tools');
    const current = this.select.value;
    this.select.replaceChildren(
      ...list.map((t) =>
        el('option', { value: t.name, text: t.server ? `${t.name} (${t.server})` : t.name }),
      ),
    );
    if (list.some((t) => t.name === current)) this.select.value = current;
    const changed = this.select.value !== current;
    tools.set(list);
    if (changed) this.showTool();
  }

  private chosen(): ToolInfo | undefined {
    return tools.get().find((t) => t.name === this.select.value);
  }

  private showTool(): void {
    const tool = this.chosen();
    $('console-schema').textContent = tool?.description.split('\n')[0] ?? '';
    this.form = tool ? schemaForm(tool.inputSchema, 'arg') : undefined;
    $('console-form').replaceChildren(...(this.form ? [this.form.element] : []));
    this.argsBox.value = '{}';
    this.errorBox.hidden = true;
  }

  private fail(message: string): undefined {
    this.errorBox.textContent = message;
    this.errorBox.hidden = false;
    return undefined;
  }

  /** Switches between the form and the JSON box, carrying the arguments across. */
  private showTab(json: boolean): void {
    if (json === this.jsonTab) return;
    this.errorBox.hidden = true;
    if (json) {
      const { args } = this.form?.read() ?? { args: {} };
      this.argsBox.value = JSON.stringify(args, null, 2);
    } else {
      const parsed = this.readJson();
      if (!parsed) return;
      const unknown = this.form?.write(parsed) ?? [];
      if (unknown.length) {
        this.fail(`the form has no field for ${unknown.join(', ')}; edit them in JSON`);
        return;
      }
    }
    this.jsonTab = json;
    $('console-form').hidden = json;
    $('console-json').hidden = !json;
    $('tab-form').setAttribute('aria-selected', String(!json));
    $('tab-json').setAttribute('aria-selected', String(json));
  }

  /** The JSON tab's arguments, or undefined (with the reason shown) when they are not an object. */
  private readJson(): Record<string, unknown> | undefined {
    try {
      const value = JSON.parse(this.argsBox.value || '{}');
      if (value && typeof value === 'object' && !Array.isArray(value)) return value;
      return this.fail('arguments must be a JSON object, e.g. {"path": "src"}');
    } catch (error) {
      return this.fail(`arguments are not valid JSON: ${(error as Error).message}`);
    }
  }

  /** The arguments to send, checked against the tool's own schema; undefined when any field is wrong. */
  private readArguments(schema: Record<string, unknown>): Record<string, unknown> | undefined {
    if (this.jsonTab) {
      const args = this.readJson();
      if (!args) return undefined;
      const errors = fieldErrors(schema, args);
      if (errors.size === 0) return args;
      return this.fail(
        [...errors].map(([field, message]) => (field ? `${field} ${message}` : message)).join('; '),
      );
    }
    if (!this.form) return undefined;
    const { args, errors } = this.form.read();
    for (const [field, message] of fieldErrors(schema, args))
      if (!errors.has(field)) errors.set(field, message);
    this.form.showErrors(errors);
    return errors.size === 0 ? args : undefined;
  }

  private async callTool(): Promise<void> {
    const tool = this.chosen();
    const resultBox = $('console-result');
    this.errorBox.hidden = true;
    if (!tool) return;
    const args = this.readArguments(tool.inputSchema);
    if (!args) return;
    resultBox.hidden = true;
    const controller = new AbortController();
    const stopShowingProgress = this.showRunning(controller);
    try {
      const result = await callToolStreaming(
        tool.name,
        args,
        (update) => $('console-progress').replaceChildren(progressBar(update)),
        controller.signal,
      );
      resultBox.replaceChildren(resultView(result));
      resultBox.hidden = false;
    } catch (error) {
      this.fail(controller.signal.aborted ? 'cancelled' : errorText(error));
    } finally {
      stopShowingProgress();
    }
  }

  /** Call disabled, Cancel shown and elapsed time ticking while the call runs; returns what undoes it. */
  private showRunning(controller: AbortController): () => void {
    const call = $<HTMLButtonElement>('console-call');
    const cancel = $('console-cancel');
    const elapsed = $('console-elapsed');
    const progress = $('console-progress');
    this.call = controller;
    const started = performance.now();
    const tick = () => {
      elapsed.textContent = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    };
    tick();
    const ticker = setInterval(tick, 100);
    call.disabled = true;
    cancel.hidden = false;
    progress.replaceChildren();
    return () => {
      clearInterval(ticker);
      this.call = undefined;
      call.disabled = false;
      cancel.hidden = true;
      progress.replaceChildren();
    };
  }
}
