import { el } from './render.js';
import type { FieldErrors } from './schema-errors.js';

type Schema = Record<string, unknown>;

/** A form for a tool's arguments, generated from its JSON Schema. */
export interface SchemaForm {
  element: HTMLElement;
  /** The arguments as filled in (empty fields left out) and the fields that could not be read. */
  read(): { args: Record<string, unknown>; errors: FieldErrors };
  /** Fills the fields from arguments, e.g. from the JSON tab; returns names it has no field for. */
  write(args: Record<string, unknown>): string[];
  /** Shows each message under its field; `''` is about the whole. */
  showErrors(errors: FieldErrors): void;
}

interface Field {
  name: string;
  node: HTMLElement;
  read(): { value?: unknown; error?: string };
  write(value: unknown): void;
  error: HTMLElement;
}

/** The first type a property declares, `null` aside (`["string", "null"]` is a string field). */
function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null');
  return typeof type === 'string' ? type : undefined;
}

type Control = Omit<Field, 'name' | 'node' | 'error'> & { input: HTMLElement };

/** What an empty field shows: the default the tool assumes. */
const placeholderOf = (schema: Schema) =>
  schema.default !== undefined ? `default: ${JSON.stringify(schema.default)}` : '';

/** The input for one property, chosen by its schema: a list, a box, a number, text or JSON. */
function control(name: string, schema: Schema, id: string): Control {
  if (Array.isArray(schema.enum)) return enumControl(name, schema, id, schema.enum as unknown[]);
  const type = typeOf(schema);
  if (type === 'boolean') return booleanControl(name, schema, id);
  if (type === 'number' || type === 'integer') return numberControl(name, schema, id, type === 'integer');
  if (type === 'string') return stringControl(name, schema, id);
  return jsonControl(name, schema, id, type === 'array');
}

function enumControl(name: string, schema: Schema, id: string, options: unknown[]): Control {
  const select = el(
    'select',
    { id, name },
    el('option', { value: '', text: placeholderOf(schema) || '(not set)' }),
    ...options.map((option, index) =>
      el('option', {
        value: String(index),
        text: typeof option === 'string' ? option : JSON.stringify(option),
      }),
    ),
  );
  return {
    input: select,
    read: () => (select.value === '' ? {} : { value: options[Number(select.value)] }),
    write: (value) => {
      const index = options.findIndex((o) => JSON.stringify(o) === JSON.stringify(value));
      select.value = index === -1 ? '' : String(index);
    },
  };
}

function booleanControl(name: string, schema: Schema, id: string): Control {
  const box = el('input', { id, name, type: 'checkbox', class: 'checkbox' });
  const fallback = schema.default === true;
  box.checked = fallback;
  // Sent only when it differs from what the tool assumes anyway.
  return {
    input: box,
    read: () => (box.checked === fallback ? {} : { value: box.checked }),
    write: (value) => {
      box.checked = value === undefined ? fallback : value === true;
    },
  };
}

function numberControl(name: string, schema: Schema, id: string, integer: boolean): Control {
  const input = el('input', {
    id,
    name,
    type: 'number',
    placeholder: placeholderOf(schema),
    step: integer ? '1' : 'any',
  });
  for (const bound of ['minimum', 'maximum'] as const)
    if (typeof schema[bound] === 'number') input.setAttribute(bound.slice(0, 3), String(schema[bound]));
  return {
    input,
    read: () => {
      if (input.value.trim() === '') return {};
      const value = Number(input.value);
      return Number.isFinite(value) ? { value } : { error: 'must be a number' };
    },
    write: (value) => {
      input.value = value === undefined ? '' : String(value);
    },
  };
}

function stringControl(name: string, schema: Schema, id: string): Control {
  const input = el('input', { id, name, type: 'text', placeholder: placeholderOf(schema) });
  return {
    input,
    read: () => (input.value === '' ? {} : { value: input.value }),
    write: (value) => {
      input.value = value === undefined ? '' : String(value);
    },
  };
}

/** Arrays, objects and anything richer: JSON, read when the form is. */
function jsonControl(name: string, schema: Schema, id: string, array: boolean): Control {
  const area = el('textarea', {
    id,
    name,
    rows: '2',
    placeholder: placeholderOf(schema) || (array ? 'JSON, e.g. ["a", "b"]' : 'JSON'),
    spellcheck: 'false',
  });
  return {
    input: area,
    read: () => {
      if (area.value.trim() === '') return {};
      try {
        return { value: JSON.parse(area.value) };
      } catch {
        return { error: 'is not valid JSON' };
      }
    },
    write: (value) => {
      area.value = value === undefined ? '' : JSON.stringify(value);
    },
  };
}

export function schemaForm(schema: Schema, idPrefix: string): SchemaForm {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const whole = el('div', { class: 'field-error', role: 'alert' });
  const fields: Field[] = Object.entries(properties).map(([name, property]) => {
    const id = `${idPrefix}-${name}`;
    const { input, read, write } = control(name, property, id);
    const error = el('div', { class: 'field-error', id: `${id}-error`, role: 'alert' });
    input.setAttribute('aria-describedby', `${id}-error`);
    const description = typeof property.description === 'string' ? property.description : '';
    const label = el(
      'label',
      { for: id },
      el('span', { class: 'field-name', text: name }),
      required.has(name) ? el('span', { class: 'required', text: ' *', title: 'required' }) : undefined,
      description ? el('span', { class: 'muted', text: ` ${description}` }) : undefined,
    );
    const node = el('div', { class: 'field', 'data-field': name }, label, input, error);
    return { name, node, read, write, error };
  });
  const element = el(
    'div',
    { class: 'schema-form' },
    ...(fields.length ? fields.map((f) => f.node) : [el('div', { class: 'muted', text: 'no arguments' })]),
    whole,
  );
  const showErrors = (errors: FieldErrors) => {
    whole.textContent = '';
    for (const field of fields) {
      const message = errors.get(field.name);
      field.error.textContent = message ? `${field.name} ${message}` : '';
      field.node.classList.toggle('invalid', message !== undefined);
    }
    const others = [...errors].filter(([name]) => !fields.some((f) => f.name === name));
    whole.textContent = others.map(([name, message]) => (name ? `${name}: ${message}` : message)).join('; ');
  };
  return {
    element,
    read() {
      const args: Record<string, unknown> = {};
      const errors: FieldErrors = new Map();
      for (const field of fields) {
        const { value, error } = field.read();
        if (error) errors.set(field.name, error);
        else if (value !== undefined) args[field.name] = value;
      }
      return { args, errors };
    },
    write(args) {
      for (const field of fields) field.write(args[field.name]);
      return Object.keys(args).filter((name) => !fields.some((f) => f.name === name));
    },
    showErrors,
  };
}
