import { describe, expect, it } from 'vitest';
import { findBusMessageProblem, type BusMessage } from './bus-message';
import { InvalidBusMessageError } from './errors';

const valid: BusMessage = { audience: 'venue', matchId: 'm-1', seq: 4, payload: Buffer.from('{}') };

/** A message the types forbid: bus messages cross processes and JSON, so the check sees these. */
function malformed(fields: Record<string, unknown>): BusMessage {
  return { ...valid, ...fields };
}

describe('findBusMessageProblem', () => {
  it('finds nothing wrong with a well-formed message, payload a Buffer or a string', () => {
    expect(findBusMessageProblem(valid)).toBeUndefined();
    expect(findBusMessageProblem({ ...valid, payload: '{}', seq: 0 })).toBeUndefined();
  });

  it.each([
    [{ audience: 'public' }, 'invalid bus message: unknown audience "public" (match m-1 public seq 4)'],
    [{ audience: 7 }, 'invalid bus message: unknown audience 7 (match m-1 7 seq 4)'],
    [{ matchId: '' }, 'invalid bus message: match id must be a non-empty string (match  venue seq 4)'],
    [
      { matchId: undefined },
      'invalid bus message: match id must be a non-empty string (match undefined venue seq 4)',
    ],
    [{ seq: -1 }, 'invalid bus message: seq must be a non-negative safe integer (match m-1 venue seq -1)'],
    [{ seq: 1.5 }, 'invalid bus message: seq must be a non-negative safe integer (match m-1 venue seq 1.5)'],
    [
      { payload: { bytes: 1 } },
      'invalid bus message: payload must be an encoded string or Buffer (match m-1 venue seq 4)',
    ],
  ])('names the bad field and the message for %j', (fields, text) => {
    const problem = findBusMessageProblem(malformed(fields));
    expect(problem).toBeInstanceOf(InvalidBusMessageError);
    expect(problem?.message).toBe(text);
  });

  it('names the first bad field when several are bad', () => {
    expect(findBusMessageProblem(malformed({ seq: -1, payload: 3 }))?.message).toBe(
      'invalid bus message: seq must be a non-negative safe integer (match m-1 venue seq -1)',
    );
  });
});
