import { describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { positionOf } from '../position';
import { checkHeads, type StreamHead } from './heads';
import { sealBatch } from './seal';
import { ChainVerifier } from './verify';

const unsealed = (n: number): UnsealedEvent => numberedPass(n, 'chain');

/** match-a with three events then match-b with two, sealed as an adapter seals them. */
function log(): StoredEvent[] {
  const a = sealBatch('match-a', -1, null, [0, 1, 2].map(unsealed)).map((e) => ({ stream: 'match-a', ...e }));
  const b = sealBatch('match-b', -1, null, [3, 4].map(unsealed)).map((e) => ({ stream: 'match-b', ...e }));
  return [...a, ...b].map((event, i) => ({ ...event, position: positionOf(i + 1) }));
}

/** The heads an adapter records: the last event of each stream. */
function headsOf(events: readonly StoredEvent[]): StreamHead[] {
  const heads = new Map<string, StreamHead>();
  for (const e of events)
    heads.set(e.stream, { stream: e.stream, revision: e.revision, hash: e.metadata.hash });
  return [...heads.values()];
}

function lastEvents(events: readonly StoredEvent[]): ChainVerifier['lastEvents'] {
  const verifier = new ChainVerifier();
  for (const event of events) expect(verifier.push(event)).toBeUndefined();
  return verifier.lastEvents;
}

describe('stream heads (truncation evidence)', () => {
  it('accepts a log whose last events are the recorded heads', () => {
    expect(checkHeads(lastEvents(log()), headsOf(log()))).toBeUndefined();
  });

  it('names a stream whose last events were deleted, though what is left still chains up', () => {
    const truncated = log().filter((e) => !(e.stream === 'match-a' && e.revision === 2));
    expect(checkHeads(lastEvents(truncated), headsOf(log()))).toMatchObject({
      stream: 'match-a',
      revision: 1,
      position: '2',
      kind: 'truncated',
      expected: expect.stringMatching(/^head at revision 2 with hash [0-9a-f]{64}$/) as unknown,
      actual: expect.stringMatching(/^last event at revision 1 with hash [0-9a-f]{64}$/) as unknown,
    });
  });

  it('names a stream whose every event was deleted', () => {
    const gone = log().filter((e) => e.stream !== 'match-b');
    expect(checkHeads(lastEvents(gone), headsOf(log()))).toMatchObject({
      stream: 'match-b',
      revision: 1,
      position: 'none',
      kind: 'truncated',
      actual: 'no events',
    });
  });

  it('catches a rewritten last event whose hash was recomputed, which the chain alone accepts', () => {
    const events = log();
    const [rewritten] = sealBatch('match-b', 0, events[3]?.metadata.hash ?? null, [
      { ...unsealed(4), data: { seat: 'N' } },
    ]);
    if (rewritten === undefined) throw new Error('fixture');
    const forged = events.map((e, i) => (i === 4 ? { ...e, ...rewritten } : e));
    expect(checkHeads(lastEvents(forged), headsOf(events))).toMatchObject({
      stream: 'match-b',
      revision: 1,
      kind: 'head-mismatch',
    });
  });

  it('names events added past the head and a stream without a head', () => {
    const events = log();
    const heads = headsOf(events);
    expect(
      checkHeads(
        lastEvents(events),
        heads.filter((h) => h.stream !== 'match-a'),
      ),
    ).toMatchObject({
      stream: 'match-a',
      kind: 'head-missing',
    });
    const behind = heads.map((h) => (h.stream === 'match-a' ? { ...h, revision: 1 } : h));
    expect(checkHeads(lastEvents(events), behind)).toMatchObject({
      stream: 'match-a',
      kind: 'head-mismatch',
    });
  });

  it('checks only the named stream when asked', () => {
    const truncated = log().filter((e) => !(e.stream === 'match-a' && e.revision === 2));
    expect(checkHeads(lastEvents(truncated), headsOf(log()), 'match-b')).toBeUndefined();
    expect(checkHeads(lastEvents(truncated), headsOf(log()), 'match-a')).toMatchObject({ kind: 'truncated' });
  });
});
