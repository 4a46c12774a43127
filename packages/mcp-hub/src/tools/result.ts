import { z } from 'zod';
import type { ContentBlock as HostBlock, ToolResult } from '../types.js';

/** The cap on one result handed to a host, in UTF-8 bytes. */
export const RESULT_CAP_BYTES = 5 * 1024 * 1024;

const ContentBlock = z
  .object({
    type: z.string(),
    text: z.string().optional(),
    mimeType: z.string().optional(),
    data: z.string().optional(),
  })
  .passthrough();

/** `tools/call` results as servers actually send them: loose, so one odd block never loses the rest. */
export const RawCallToolResult = z
  .object({
    content: z.array(ContentBlock).optional().default([]),
    structuredContent: z.record(z.string(), z.unknown()).optional(),
    isError: z.boolean().optional(),
  })
  .passthrough();
export type RawCallToolResult = z.infer<typeof RawCallToolResult>;

/** The size of base64 data in bytes: what a reader is told it is missing, without the bytes. */
export const base64Bytes = (data: string | undefined): number =>
  data ? Math.floor((data.length * 3) / 4) : 0;

function describeBinary(block: z.infer<typeof ContentBlock>): string {
  const bytes = base64Bytes(block.data);
  const size = bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
  return `[${block.type}: ${block.mimeType ?? 'unknown type'}, ${size}]`;
}

/** One content block as text a model or a terminal reads (binary described, never inlined). */
export function blockToText(block: z.infer<typeof ContentBlock>): string {
  switch (block.type) {
    case 'text':
      return block.text ?? '';
    case 'image':
    case 'audio':
      return describeBinary(block);
    default: {
      // resource, resource_link and anything newer: JSON is readable, but never inline base64 blobs.
      const { type: _type, ...rest } = block;
      return JSON.stringify({ type: block.type, ...rest }, (key, value) =>
        key === 'blob' && typeof value === 'string'
          ? `[binary, ${value.length} base64 chars omitted]`
          : value,
      );
    }
  }
}

/** Turns an MCP `tools/call` result into the plain text a model reads. */
export function toHostResult(
  result: RawCallToolResult,
  capBytes = RESULT_CAP_BYTES,
  options: { content?: boolean } = {},
): ToolResult {
  const parts = result.content.map(blockToText);
  let output = parts.join('\n');
  if (output.trim() === '' && result.structuredContent !== undefined) {
    output = JSON.stringify(result.structuredContent);
  }
  if (output === '') output = '(no output)';
  const capped = capOutput({ error: result.isError === true, output }, capBytes);
  if (!options.content || capped.truncated || rawBytes(result) > capBytes) return capped;
  return {
    ...capped,
    content: result.content as HostBlock[],
    ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
  };
}

/** Roughly what the blocks weigh as sent: their strings (text, base64 data, blobs), counted once. */
function rawBytes(result: RawCallToolResult): number {
  let bytes = 0;
  for (const block of result.content)
    for (const value of Object.values(block)) if (typeof value === 'string') bytes += value.length;
  return bytes;
}

/** Cuts at a UTF-8 character boundary and says how much was cut, so the model never mistakes it for the whole. */
export function capOutput(result: ToolResult, capBytes = RESULT_CAP_BYTES): ToolResult {
  const total = Buffer.byteLength(result.output, 'utf8');
  if (total <= capBytes) return result;
  const bytes = Buffer.from(result.output, 'utf8');
  let end = capBytes;
  // Step back over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  const kept = bytes.subarray(0, end).toString('utf8');
  const marker = `\n[truncated: ${total - end} of ${total} bytes cut; the result exceeded the ${capBytes}-byte limit]`;
  return { ...result, output: kept + marker, truncated: true };
}
