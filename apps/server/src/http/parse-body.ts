import type { z } from 'zod';
import { RequestValidationError } from '../errors';

/** Parses a request body; a 400 names every offending field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return parseInput(schema, body, undefined);
}

/**
 * Parses one input of a request (body, query, a path parameter); a 400 names every offending field.
 * `name` is the input's own name, leading each path (a path parameter's `hand`); without one, a
 * problem with the whole input is `(body)`, as the body's has always been.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  name: string | undefined,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new RequestValidationError(
    result.error.issues.map((issue) => ({
      path: [...(name === undefined ? [] : [name]), ...issue.path.map(String)].join('.') || '(body)',
      message: issue.message,
      // The schema's own code (too_big, invalid_type…): a dashboard words the refusal from it.
      code: issue.code,
    })),
  );
}
