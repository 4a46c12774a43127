import type { SyntaxNode as Node } from '@boocode/source-kit';
import type { JsDetector } from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

/** How environment variables are named by convention; anything else read through a wrapper is config. */
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

/** `env('X')`, `getEnv("X")`, `requireEnv('X')`, `Env.get('X')`: a call whose callee says env. */
const ENV_WRAPPER = /(?:^|[._])env|Env|ENV/;

/** The objects environment variables hang off. */
const ENV_OBJECT = /^(process|import\.meta)\.env$/;

/** Schema builders whose object keys are the variables (t3-env, envalid, envsafe). */
const SCHEMA_CALLS = new Set(['createEnv', 'cleanEnv', 'envsafe']);
/** t3-env groups its variables under these keys. */
const T3_GROUPS = new Set(['server', 'client', 'shared', 'runtimeEnv', 'experimental__runtimeEnv']);

function keysOf(object: Node | undefined): string[] {
  if (object?.type !== 'object') return [];
  const keys: string[] = [];
  for (const entry of object.namedChildren) {
    const key =
      entry?.type === 'pair'
        ? field(entry, 'key')
        : entry?.type === 'shorthand_property_identifier'
          ? entry
          : undefined;
    const name = key?.type === 'string' ? stringOf(key) : key?.text;
    if (name && ENV_NAME.test(name)) keys.push(name);
  }
  return keys;
}

/** Environment variables a call names: one-level wrappers and env schema builders. */
function envOfCall(call: Node): string[] {
  const callee = field(call, 'function');
  if (!callee) return [];
  const args = argsOf(call);
  const name = callee.type === 'member_expression' ? field(callee, 'property')?.text : callee.text;
  if (name && SCHEMA_CALLS.has(name)) {
    const schema = name === 'cleanEnv' ? args[1] : args[0];
    const groups = schema?.type === 'object' ? schema.namedChildren : [];
    const grouped = groups.flatMap((g) =>
      g?.type === 'pair' && T3_GROUPS.has(field(g, 'key')?.text ?? '') ? keysOf(field(g, 'value')) : [],
    );
    return [...keysOf(schema), ...grouped];
  }
  const first = stringOf(args[0]);
  if (first && ENV_NAME.test(first) && ENV_WRAPPER.test(callee.text) && callee.text !== 'process.env')
    return [first];
  return [];
}

/**
 * Environment variables a declaration names: `const { PORT, HOST = 'x' } = process.env`, and a zod
 * object assigned to a name that says env (`const envSchema = z.object({ DATABASE_URL: … })`).
 */
function envOfDeclarator(name: Node, init: Node): string[] {
  if (name.type === 'object_pattern' && ENV_OBJECT.test(init.text)) {
    return name.namedChildren.flatMap((p) => {
      const key =
        p?.type === 'shorthand_property_identifier_pattern'
          ? p.text
          : p?.type === 'object_assignment_pattern'
            ? field(p, 'left')?.text
            : p?.type === 'pair_pattern'
              ? field(p, 'key')?.text
              : undefined;
      return key && ENV_NAME.test(key) ? [key] : [];
    });
  }
  if (name.type === 'identifier' && /env/i.test(name.text)) {
    for (let call: Node | undefined = init; call?.type === 'call_expression'; ) {
      const callee = field(call, 'function');
      if (callee?.type === 'member_expression' && field(callee, 'property')?.text === 'object') {
        const arg = field(call, 'arguments')?.namedChildren.find((a) => a?.type === 'object');
        return keysOf(arg ?? undefined);
      }
      // `z.object({...}).strict()`, `.extend(...)`: the object call is further down the chain.
      call = callee?.type === 'member_expression' ? field(callee, 'object') : undefined;
    }
  }
  return [];
}

/** Environment variables read: `process.env.X`, `import.meta.env['X']`, wrappers, schemas, destructuring. */
export const env: JsDetector = {
  on: {
    member_expression(node, ctx) {
      if (!ENV_OBJECT.test(field(node, 'object')?.text ?? '')) return;
      const name = field(node, 'property')?.text;
      if (name) ctx.env.add(name);
    },
    subscript_expression(node, ctx) {
      const key = ENV_OBJECT.test(field(node, 'object')?.text ?? '') && stringOf(field(node, 'index'));
      if (key) ctx.env.add(key);
    },
    call_expression(node, ctx) {
      for (const name of envOfCall(node)) ctx.env.add(name);
    },
    variable_declarator(node, ctx) {
      const name = field(node, 'name');
      const init = field(node, 'value');
      if (name && init) for (const variable of envOfDeclarator(name, init)) ctx.env.add(variable);
    },
  },
};
