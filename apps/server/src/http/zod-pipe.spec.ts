import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestValidationError } from '../errors';
import { ZodPipe } from './zod-pipe';

describe('the validation pipe of the edge', () => {
  const body = z.object({ scene: z.string({ error: 'must be a scene name' }) });

  it('hands the route the parsed value', () => {
    expect(new ZodPipe(z.object({ width: z.coerce.number() })).transform({ width: '480' })).toEqual({
      width: 480,
    });
  });

  it("refuses with a 400 naming every bad field and its issue's code; a missing body is (body)", () => {
    expect(() => new ZodPipe(body).transform({ scene: 3 })).toThrow(
      new RequestValidationError([{ path: 'scene', message: 'must be a scene name', code: 'invalid_type' }]),
    );
    expect(() => new ZodPipe(body).transform(undefined)).toThrow(/^\(body\): /);
  });

  it('names a path or query parameter by its own name', () => {
    const hand = z.string().regex(/^[1-9]\d*$/, { error: 'a deal number from 1 is expected' });
    expect(() => new ZodPipe(hand, { name: 'hand' }).transform('0')).toThrow(
      'hand: a deal number from 1 is expected',
    );
  });

  it('an empty object is no body where the body is optional', () => {
    const optional = z.object({ transition: z.string().optional() }).strict().optional();
    expect(new ZodPipe(optional, { emptyIsAbsent: true }).transform({})).toBeUndefined();
    expect(new ZodPipe(optional).transform({})).toEqual({});
  });
});
