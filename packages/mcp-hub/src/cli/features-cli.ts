import { describeError } from '../errors.js';
import type { HubPromptMessage, HubResourceContents } from '../features/shapes.js';
import type { McpHub } from '../registry/hub.js';
import { base64Bytes, blockToText } from '../tools/result.js';

/** Reads and prompts print what the model would be given: text as is, binary as a note. */
interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const FEATURE_COMMANDS = ['resources', 'read', 'prompts', 'prompt'] as const;
export type FeatureCommand = (typeof FEATURE_COMMANDS)[number];

export const FEATURES_USAGE = `  boocode mcp resources SERVER [--json]                         list a server's resources and templates
  boocode mcp read SERVER URI [--json]                          read one resource
  boocode mcp prompts SERVER [--json]                           list a server's prompts and their arguments
  boocode mcp prompt SERVER NAME ['{"arg":"v"}'] [--json]         get a prompt's messages`;

/** What each command takes, in the words its usage error says. */
const NEEDS: Record<FeatureCommand, string[]> = {
  resources: ['a server name'],
  read: ['a server name', 'a resource URI'],
  prompts: ['a server name'],
  prompt: ['a server name', 'a prompt name'],
};

/** Runs one of the resource/prompt commands against a started hub; returns the exit code. */
export async function runFeatureCommand(
  hub: McpHub,
  command: FeatureCommand,
  rest: string[],
  io: Io,
  json: boolean,
): Promise<number> {
  const [server, target, rawArgs] = rest;
  const needs = NEEDS[command];
  if (!server || (needs.length > 1 && !target)) {
    io.err(`mcp ${command} needs ${needs.join(' and ')}`);
    return 2;
  }
  const print = (value: unknown, text: () => string) =>
    io.out(json ? JSON.stringify(value, null, 2) : text());
  try {
    if (command === 'resources') {
      const listing = await hub.listResources(server);
      print(
        listing,
        () =>
          [
            ...listing.resources.map(
              (r) => `${r.uri}  ${r.name}${r.description ? ` — ${r.description}` : ''}`,
            ),
            ...listing.templates.map((t) => `${t.uriTemplate}  ${t.name} (template)`),
          ].join('\n') || `${server} lists no resources`,
      );
    } else if (command === 'read') {
      const contents = await hub.readResource(server, target as string);
      print({ contents }, () => contents.map(contentText).join('\n'));
    } else if (command === 'prompts') {
      const prompts = await hub.listPrompts(server);
      print(
        { prompts },
        () =>
          prompts
            .map((p) => {
              const args = p.arguments.map((a) => (a.required ? a.name : `[${a.name}]`)).join(' ');
              return `${p.name}${args ? ` ${args}` : ''}${p.description ? `  — ${p.description}` : ''}`;
            })
            .join('\n') || `${server} offers no prompts`,
      );
    } else {
      const args = promptArguments(rawArgs);
      if (typeof args === 'string') {
        io.err(args);
        return 2;
      }
      const result = await hub.getPrompt(server, target as string, args);
      print(result, () => result.messages.map(messageText).join('\n\n'));
    }
    return 0;
  } catch (error) {
    io.err(`boocode mcp ${command}: ${describeError(error)}`);
    return 1;
  }
}

/** Prompt arguments are strings by the protocol; a number or boolean given in JSON is passed as text. */
function promptArguments(raw: string | undefined): Record<string, string> | string {
  if (raw === undefined) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error('not a JSON object');
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
  } catch (error) {
    return `prompt arguments must be a JSON object, e.g. '{"city":"Lisbon"}': ${describeError(error)}`;
  }
}

function contentText(item: HubResourceContents): string {
  if (item.text !== undefined) return item.text;
  return `[binary ${item.mimeType ?? 'data'}, ${base64Bytes(item.blob)} bytes: ${item.uri}]`;
}

/** A prompt message as a tool result's block would read. */
const messageText = (message: HubPromptMessage) => `${message.role}: ${blockToText(message.content)}`;
