import { type OutputUnit, Validator } from '@cfworker/json-schema';

/** Where an argument problem belongs: a top-level field by name, or `''` for the whole object. */
export type FieldErrors = Map<string, string>;

const decode = (segment: string) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/** The top-level field an error is about: its instance path, or the property its message names. */
function fieldOf(unit: OutputUnit): string {
  const [, first] = unit.instanceLocation.split('/');
  if (first !== undefined) return decode(first);
  return /propert(?:y|ies) "([^"]+)"/i.exec(unit.error)?.[1] ?? '';
}

/** Plain words for the keywords people trip on; anything else keeps the validator's own sentence. */
function sentence(unit: OutputUnit, schema: Record<string, unknown>, field: string): string {
  const property = (schema.properties as Record<string, Record<string, unknown>> | undefined)?.[field];
  switch (unit.keyword) {
    case 'required':
      return 'required';
    case 'additionalProperties':
    case 'false':
      return 'not an argument of this tool';
    case 'type': {
      const expected = /Expected "([^"]+)"/.exec(unit.error)?.[1];
      return expected ? `must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}` : unit.error;
    }
    case 'minimum':
    case 'maximum':
      return `must be ${unit.keyword === 'minimum' ? 'at least' : 'at most'} ${String(property?.[unit.keyword])}`;
    case 'enum':
      return `must be one of ${((property?.enum as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return unit.error.replace(/^Instance /, '');
  }
}

/**
 * One message per field: a validator reports one mistake several times over (the property that
 * fails, then the subschema that fails inside it), which read as a wall of near-repeats.
 */
export function fieldErrors(schema: Record<string, unknown>, value: unknown): FieldErrors {
  const verdict = new Validator(schema, '2020-12', false).validate(value);
  const errors: FieldErrors = new Map();
  if (verdict.valid) return errors;
  // The decisive keyword of a field wins over the wrappers reported around it.
  const rank = (unit: OutputUnit) =>
    ['required', 'additionalProperties', 'false', 'type', 'enum', 'minimum', 'maximum'].includes(unit.keyword)
      ? 2
      : unit.keyword === 'properties' || unit.keyword === 'allOf'
        ? 0
        : 1;
  const best = new Map<string, OutputUnit>();
  for (const unit of verdict.errors) {
    const field = fieldOf(unit);
    const kept = best.get(field);
    if (!kept || rank(unit) > rank(kept)) best.set(field, unit);
  }
  for (const [field, unit] of best) errors.set(field, sentence(unit, schema, field));
  return errors;
}
