import type { HubResource, ResourceListing, ResourceRead } from '@boocode/api-types';
import { api, errorText } from '../core/api.js';
import { el } from '../ui/render.js';

/** A resource as message text: text as a quoted block under its URI, binary as a link with its size. */
export function resourceBlocks(read: ResourceRead): string[] {
  const blocks = read.contents.map((item) =>
    item.text !== undefined
      ? [`> ${item.uri}`, '>', ...item.text.split('\n').map((line) => `> ${line}`)].join('\n')
      : `[${item.uri}](${item.uri}) (${item.mimeType ?? 'binary'}, ${Math.floor(((item.blob ?? '').length * 3) / 4)} bytes)`,
  );
  if (read.truncated) blocks.push("(the resource was cut to BooCode's size cap)");
  return blocks;
}

/**
 * Each server's resources, listed the first time its Resources fold opens (or why they could not
 * be), with Attach to put one into the message being written.
 */
export class ServerResources {
  private readonly listed = new Map<string, HubResource[] | string>();

  constructor(
    private readonly attachText: (blocks: string[]) => void,
    private readonly onChange: () => void,
    private readonly onError: (server: string, message: string) => void,
  ) {}

  forget(server: string): void {
    this.listed.delete(server);
  }

  async load(server: string): Promise<void> {
    if (this.listed.has(server)) return;
    try {
      const listing = await api<ResourceListing>('GET', `/api/mcp/${encodeURIComponent(server)}/resources`);
      this.listed.set(server, listing.resources);
    } catch (error) {
      this.listed.set(server, errorText(error));
    }
    this.onChange();
  }

  rows(server: string): Node[] {
    const listed = this.listed.get(server);
    if (listed === undefined) return [el('div', { class: 'muted', text: 'loading…' })];
    if (typeof listed === 'string') return [el('div', { class: 'error', text: listed })];
    if (listed.length === 0) return [el('div', { class: 'muted', text: 'no resources' })];
    return listed.map((r) => {
      const attach = el('button', {
        type: 'button',
        class: 'secondary',
        text: 'Attach',
        'aria-label': `Attach ${r.name}`,
      });
      attach.onclick = () =>
        void this.attach(server, r.uri).catch((error) => this.onError(server, errorText(error)));
      return el(
        'div',
        { class: 'resource', 'data-uri': r.uri },
        attach,
        el('span', { text: ` ${r.title ?? r.name}`, title: r.uri }),
      );
    });
  }

  private async attach(server: string, uri: string): Promise<void> {
    const read = await api<ResourceRead>(
      'GET',
      `/api/mcp/${encodeURIComponent(server)}/resource?uri=${encodeURIComponent(uri)}`,
    );
    this.attachText(resourceBlocks(read));
  }
}
