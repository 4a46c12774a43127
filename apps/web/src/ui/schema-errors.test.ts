import { describe, expect, it } from 'vitest';
import { fieldErrors } from './schema-errors.js';

const schema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    steps: { type: 'number', minimum: 1 },
    mode: { type: 'string', enum: ['fast', 'slow'] },
  },
  required: ['message'],
  additionalProperties: false,
};
const errors = (value: unknown) => Object.fromEntries(fieldErrors(schema, value));

describe('fieldErrors', () => {
  it('says each mistake once, on the field it belongs to', () => {
    expect(errors({ msg: 1 })).toEqual({ message: 'required', msg: 'not an argument of this tool' });
    expect(errors({ message: 1, steps: 'x' })).toEqual({
      message: 'must be a string',
      steps: 'must be a number',
    });
    expect(errors({ message: 'x', steps: 0, mode: 'warp' })).toEqual({
      steps: 'must be at least 1',
      mode: 'must be one of "fast", "slow"',
    });
  });

  it('has nothing to say about valid arguments', () => {
    expect(errors({ message: 'x', steps: 2, mode: 'slow' })).toEqual({});
  });

  it('puts a problem with the whole value under the empty name', () => {
    expect(errors([])).toEqual({ '': 'must be an object' });
  });
});
