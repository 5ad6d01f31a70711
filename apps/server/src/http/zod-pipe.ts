import { Body, Param, Query, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseInput } from './parse-body';

/**
 * The validation pipe of the edge: what a route receives is parsed with the zod schema its OpenAPI
 * document shows, so the handler gets the typed value and a client a 400 naming every bad field.
 */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly options: { readonly name?: string; readonly emptyIsAbsent?: boolean } = {},
  ) {}

  transform(value: unknown): z.output<S> {
    const input = this.options.emptyIsAbsent === true && isEmptyObject(value) ? undefined : value;
    return parseInput(this.schema, input, this.options.name);
  }
}

/**
 * The request body, parsed. `emptyIsAbsent`: an empty JSON object counts as no body, for a route
 * whose body is optional (Express gave `{}` for a POST without one).
 */
export function ZodBody(
  schema: z.ZodType,
  options: { readonly emptyIsAbsent?: boolean } = {},
): ParameterDecorator {
  return Body(new ZodPipe(schema, options));
}

/**
 * The query string parsed: as one object (a field's path is its parameter's name), or, given a
 * name, that one parameter.
 */
export function ZodQuery(schema: z.ZodType, name?: string): ParameterDecorator {
  return name === undefined ? Query(new ZodPipe(schema)) : Query(name, new ZodPipe(schema, { name }));
}

/** One path parameter, parsed; a 400 names the parameter. */
export function ZodParam(name: string, schema: z.ZodType): ParameterDecorator {
  return Param(name, new ZodPipe(schema, { name }));
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
