import type {
  GetPromptResult,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceResult,
} from '@modelcontextprotocol/client';

/** What a host sees of a server's resources and prompts: plain, bounded, the SDK's extras left out. */

export interface HubResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface HubResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One item a read returned: text, or binary as base64 (`blob`). */
export interface HubResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export interface HubPromptArgument {
  name: string;
  description?: string;
  required: boolean;
}

export interface HubPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments: HubPromptArgument[];
}

/** A prompt's message with its content as the server sent it (text, image, an embedded resource…). */
export interface HubPromptMessage {
  role: 'user' | 'assistant';
  content: { type: string } & Record<string, unknown>;
}

export interface HubPromptResult {
  description?: string;
  messages: HubPromptMessage[];
}

/** Descriptions past this are cut: a listing is for choosing, not for reading a manual. */
const MAX_DESCRIPTION = 2_000;

const optional = <K extends string>(key: K, value: unknown, max = MAX_DESCRIPTION) =>
  (typeof value === 'string' && value !== '' ? { [key]: value.slice(0, max) } : {}) as Partial<
    Record<K, string>
  >;

/** The labels a resource and a template share. */
const labels = (item: { name: string; title?: unknown; description?: unknown; mimeType?: unknown }) => ({
  name: item.name,
  ...optional('title', item.title),
  ...optional('description', item.description),
  ...optional('mimeType', item.mimeType),
});

export function toResources(result: ListResourcesResult): HubResource[] {
  return result.resources.map((r) => ({ uri: r.uri, ...labels(r) }));
}

export function toTemplates(result: ListResourceTemplatesResult): HubResourceTemplate[] {
  return result.resourceTemplates.map((t) => ({ uriTemplate: t.uriTemplate, ...labels(t) }));
}

export function toContents(result: ReadResourceResult): HubResourceContents[] {
  return result.contents.map((c) => ({
    uri: c.uri,
    ...optional('mimeType', c.mimeType),
    ...('text' in c && typeof c.text === 'string' ? { text: c.text } : {}),
    ...('blob' in c && typeof c.blob === 'string' ? { blob: c.blob } : {}),
  }));
}

export function toPrompts(result: ListPromptsResult): HubPrompt[] {
  return result.prompts.map((p) => ({
    name: p.name,
    ...optional('title', p.title),
    ...optional('description', p.description),
    arguments: (p.arguments ?? []).map((a) => ({
      name: a.name,
      ...optional('description', a.description),
      required: a.required === true,
    })),
  }));
}

export function toPromptResult(result: GetPromptResult): HubPromptResult {
  return {
    ...optional('description', result.description),
    messages: result.messages.map((m) => ({
      role: m.role,
      content: m.content as HubPromptMessage['content'],
    })),
  };
}
