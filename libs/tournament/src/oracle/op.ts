import type { z } from 'zod';

/** One answer line: `ok` first in meaning, fields per op (docs/tournament-oracle.md). */
export type OracleAnswer = Record<string, unknown> & { ok: boolean };

/** One oracle op: the schema of its request line and the pure function that answers it. */
export interface OracleOp {
  readonly schema: z.ZodType;
  readonly answer: (request: unknown) => OracleAnswer;
}

/** Ties an op's schema to its answer so the answer sees the parsed, typed request. */
export function defineOp<S extends z.ZodType>(
  schema: S,
  answer: (request: z.infer<S>) => OracleAnswer,
): OracleOp {
  return { schema, answer: (request) => answer(request as z.infer<S>) };
}
