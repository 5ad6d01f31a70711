import { WrongExpectedRevisionError } from './errors';
import type { ExpectedRevision } from './port';

/** The expected-revision rule both adapters apply against the stream's last revision. */
export function checkExpected(stream: string, expected: ExpectedRevision, last: number | undefined): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && last === undefined) ||
    (expected === 'stream_exists' && last !== undefined) ||
    (typeof expected === 'number' && expected === last);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, last ?? 'no_stream');
}
