import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiZodBody, openApiSchemaOf } from './api-zod-body';

const delay = z.strictObject({ delayMs: z.int().min(1000), revision: z.int().min(-1).optional() });

describe('ApiZodBody', () => {
  it('refuses an example the schema would refuse, naming the example and the field', () => {
    expect(() =>
      ApiZodBody(delay, {
        description: 'delay',
        examples: { tooShort: { summary: 'half a second', value: { delayMs: 500 } } },
      }),
    ).toThrow('OpenAPI example "tooShort" does not match its schema: delayMs:');
  });

  it('documents the input side: an optional field is not required, limits are kept', () => {
    expect(openApiSchemaOf(delay)).toEqual({
      type: 'object',
      properties: {
        delayMs: { type: 'integer', minimum: 1000, maximum: Number.MAX_SAFE_INTEGER },
        revision: { type: 'integer', minimum: -1, maximum: Number.MAX_SAFE_INTEGER },
      },
      required: ['delayMs'],
      additionalProperties: false,
    });
  });
});
