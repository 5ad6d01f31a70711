import type { z } from 'zod';

/** One reason an event was refused, with the dotted path of the offending field. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

export type Validated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    return out === '' ? name : `${out}.${name}`;
  }, '');
}

export function issuesFrom(error: z.ZodError, prefix: readonly PropertyKey[] = []): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: formatPath([...prefix, ...issue.path]) || '(root)',
    message: issue.message,
  }));
}

/** "data.cards[2]: Invalid input; metadata.actor.role: …" — one line, every field named. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
}

const encoder = new TextEncoder();

export function utf8Bytes(value: unknown): number {
  // JSON.stringify(undefined) is undefined at run time, which TextEncoder encodes as zero bytes.
  return encoder.encode(JSON.stringify(value)).length;
}

/**
 * Whether `value`'s JSON exceeds `limit` UTF-8 bytes. A UTF-16 code unit never takes more than
 * three UTF-8 bytes, so most payloads are cleared without encoding them.
 */
export function exceedsBytes(value: unknown, limit: number): number | undefined {
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined || json.length * 3 <= limit) return undefined;
  const bytes = encoder.encode(json).length;
  return bytes > limit ? bytes : undefined;
}

/**
 * Names the biggest top-level field of an oversize payload, so an operator tool that attached a
 * photo to a statement learns which field to shrink rather than just "too big".
 */
export function oversizeIssue(data: unknown, bytes: number, limit: number): ValidationIssue {
  let largest: { key: string; bytes: number } | undefined;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data)) {
      const size = utf8Bytes(value);
      if (largest === undefined || size > largest.bytes) largest = { key, bytes: size };
    }
  }
  const where = largest === undefined ? '' : `; largest field data.${largest.key} is ${largest.bytes} bytes`;
  return {
    path: largest === undefined ? 'data' : `data.${largest.key}`,
    message: `event data is ${bytes} bytes, over the ${limit}-byte limit${where}`,
  };
}
