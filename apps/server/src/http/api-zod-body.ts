import { ApiBody, type SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** Named example bodies, as OpenAPI shows them in the "Examples" list of a request. */
export type BodyExamples = Readonly<Record<string, { readonly summary: string; readonly value: unknown }>>;

/**
 * A zod schema as the OpenAPI 3.0 schema of a request body: the input side (before defaults and
 * transforms), so optional-with-default fields are not listed as required. Refinements that JSON
 * Schema cannot say (four distinct seats) stay in the description of the 400 answer.
 */
export function openApiSchemaOf(schema: z.ZodType): SchemaObject {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as SchemaObject;
}

/**
 * Documents a request body with the zod schema the handler parses it with, so /docs shows the real
 * fields and their limits. Every example is parsed with that schema when the controller is loaded:
 * a wrong example stops the boot naming it and its field, so the docs never show a body the API
 * would refuse.
 */
export function ApiZodBody(
  schema: z.ZodType,
  options: { readonly description: string; readonly examples: BodyExamples },
): MethodDecorator {
  const optional = schema instanceof z.ZodOptional;
  const body: z.ZodType = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  for (const [name, example] of Object.entries(options.examples)) {
    const parsed = body.safeParse(example.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `OpenAPI example "${name}" does not match its schema: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      );
    }
  }
  return ApiBody({
    description: options.description,
    required: !optional,
    schema: openApiSchemaOf(body),
    examples: Object.fromEntries(
      Object.entries(options.examples).map(([name, example]) => [
        name,
        { summary: example.summary, value: example.value },
      ]),
    ),
  });
}

/**
 * Documents a request body that has one form per game: the envelope every form shares, and
 * `oneOf` the games' own forms (each names its `game`). Every example is parsed with one of the
 * forms when the controller is loaded, as `ApiZodBody` does.
 */
export function ApiGameBodies(
  envelope: z.ZodType,
  forms: readonly z.ZodType[],
  options: { readonly description: string; readonly examples: BodyExamples },
): MethodDecorator {
  const [first, ...rest] = forms;
  if (first === undefined) throw new Error('a body documented by game needs one form per game');
  const anyForm = z.union([first, ...rest]);
  for (const [name, example] of Object.entries(options.examples)) {
    if (!anyForm.safeParse(example.value).success) {
      throw new Error(`OpenAPI example "${name}" matches no game's form of the body`);
    }
  }
  return ApiBody({
    description: options.description,
    required: true,
    schema: { ...openApiSchemaOf(envelope), oneOf: forms.map(openApiSchemaOf) },
    examples: Object.fromEntries(
      Object.entries(options.examples).map(([name, example]) => [
        name,
        { summary: example.summary, value: example.value },
      ]),
    ),
  });
}
