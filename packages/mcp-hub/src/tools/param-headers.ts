/**
 * SEP-2243: a tool parameter annotated `"x-mcp-header": "Region"` is mirrored into an
 * `Mcp-Param-Region` HTTP header on each call, so proxies and gateways can route on it without
 * reading the body. A tool whose annotations are malformed must not be offered at all.
 */
export interface ParamHeader {
  property: string;
  header: string;
}

/** RFC 9110 token characters: no spaces, colons, control or non-ASCII characters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Values a header can carry faithfully: strings, whole numbers, booleans. */
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);

/** The tool's mirrored parameters, or why its annotations make it unusable. */
export function paramHeaders(
  inputSchema: Record<string, unknown>,
): { headers: ParamHeader[] } | { problem: string } {
  const properties = (inputSchema.properties ?? {}) as Record<string, unknown>;
  const headers: ParamHeader[] = [];
  const taken = new Map<string, string>();
  for (const [property, raw] of Object.entries(properties)) {
    if (typeof raw !== 'object' || raw === null || !('x-mcp-header' in raw)) continue;
    const schema = raw as Record<string, unknown>;
    const header = schema['x-mcp-header'];
    if (typeof header !== 'string' || header === '')
      return { problem: `parameter "${property}": x-mcp-header must be a non-empty name` };
    if (!TOKEN.test(header))
      return { problem: `parameter "${property}": x-mcp-header "${header}" is not a valid header name` };
    if (typeof schema.type !== 'string' || !HEADER_TYPES.has(schema.type))
      return {
        problem: `parameter "${property}": x-mcp-header is allowed on string, integer and boolean parameters, not ${JSON.stringify(schema.type ?? 'untyped')}`,
      };
    const other = taken.get(header.toLowerCase());
    if (other)
      return { problem: `parameters "${other}" and "${property}" both mirror into header "${header}"` };
    taken.set(header.toLowerCase(), property);
    headers.push({ property, header });
  }
  return { headers };
}

/**
 * A value as a header carries it: printable ASCII without surrounding whitespace as it is,
 * anything else as `=?base64?…?=` of its UTF-8; null and missing values send no header.
 */
export function headerValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  const plain = /^[\x20-\x7E]*$/.test(text) && text === text.trim();
  return plain ? text : `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** The `Mcp-Param-*` headers for one call's arguments. */
export function headersFor(params: readonly ParamHeader[], args: unknown): Record<string, string> {
  const values = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const headers: Record<string, string> = {};
  for (const { property, header } of params) {
    const value = headerValue(values[property]);
    if (value !== undefined) headers[`Mcp-Param-${header}`] = value;
  }
  return headers;
}
