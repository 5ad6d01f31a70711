import { describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { positionOf } from '../position';
import { sealBatch } from './seal';
import { describeBrokenLink, verifyAll, verifyStream } from './verify';

const unsealed = (n: number): UnsealedEvent => numberedPass(n, 'chain');

/** A log of two interleaved streams, sealed exactly as an adapter seals them. */
function log(): StoredEvent[] {
  const a = sealBatch('match-a', -1, null, [0, 1, 2].map(unsealed));
  const b = sealBatch('match-b', -1, null, [3, 4].map(unsealed));
  const order = [
    ['match-a', a[0]],
    ['match-b', b[0]],
    ['match-a', a[1]],
    ['match-b', b[1]],
    ['match-a', a[2]],
  ] as const;
  return order.map(([stream, event], i) => {
    if (event === undefined) throw new Error('fixture');
    return { stream, ...event, position: positionOf(i + 1) };
  });
}

const edit = (events: StoredEvent[], index: number, change: (e: StoredEvent) => StoredEvent): StoredEvent[] =>
  events.map((e, i) => (i === index ? change(e) : e));

describe('hash chain verification', () => {
  it('accepts an untouched log and each stream on its own', () => {
    expect(verifyAll(log())).toEqual({ ok: true, events: 5, streams: 2 });
    expect(
      verifyStream(
        'match-a',
        log().filter((e) => e.stream === 'match-a'),
      ),
    ).toMatchObject({ ok: true, events: 3 });
    expect(() => verifyStream('match-a', log())).toThrow(/given an event of match-b/);
    const oneShot = (function* () {
      yield* log().filter((e) => e.stream === 'match-b');
    })();
    expect(verifyStream('match-b', oneShot)).toMatchObject({ ok: true, events: 2 });
  });

  it('names an edited event by stream, revision and position', () => {
    const tampered = edit(log(), 2, (e) => ({ ...e, data: { seat: 'S' } }));
    const result = verifyAll(tampered);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.brokenLink).toMatchObject({
      stream: 'match-a',
      revision: 1,
      position: '3',
      kind: 'hash-mismatch',
    });
    expect(describeBrokenLink(result.brokenLink)).toMatch(
      /^match-a@1 \(position 3\): hash-mismatch, expected hash [0-9a-f]{64}, found hash /,
    );
  });

  it('catches an edit whose hash was recomputed, at the next event', () => {
    const events = log();
    const rehashed = sealBatch('match-a', 0, events[0]?.metadata.hash ?? null, [
      { ...unsealed(1), data: { seat: 'S' } },
    ])[0];
    const tampered = edit(events, 2, (e) => ({ ...e, ...rehashed }));
    expect(verifyAll(tampered)).toMatchObject({
      ok: false,
      brokenLink: { revision: 2, kind: 'prev-hash-mismatch' },
    });
  });

  it('catches a removed event and a changed envelope field', () => {
    const removed = log().filter((_, i) => i !== 2);
    expect(verifyAll(removed)).toMatchObject({
      ok: false,
      brokenLink: { stream: 'match-a', kind: 'revision-gap', expected: 'revision 1', actual: 'revision 2' },
    });
    const reattributed = edit(log(), 1, (e) => ({
      ...e,
      metadata: { ...e.metadata, actor: { id: 'someone-else', role: 'referee' } },
    }));
    expect(verifyAll(reattributed)).toMatchObject({
      ok: false,
      brokenLink: { stream: 'match-b', revision: 0, kind: 'hash-mismatch' },
    });
  });

  it('reports an envelope that cannot be hashed instead of throwing', () => {
    const broken = edit(log(), 0, (e) => ({ ...e, data: { seat: Number.POSITIVE_INFINITY } }));
    expect(verifyAll(broken)).toMatchObject({ ok: false, brokenLink: { kind: 'unreadable' } });
  });
});
