import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { positionOf, type Position } from '../position';
import { noteHead, withHeadCheck } from './head-check';

/** A resolved event as the client yields it, at position `at` of $all. */
function resolvedAt(at: number): unknown {
  return {
    event: {
      streamId: `match-${at}`,
      revision: 0n,
      type: 'Passed',
      data: {},
      metadata: {},
      position: positionOf(at),
    },
  };
}

type Step = number | { readonly note: number | 'live' };

/**
 * Plays `steps` through an object-mode readable, as the client's subscription is one, with the
 * notes pushed the way the adapter pushes them; returns what a consumer saw, in order.
 */
async function play(head: number | undefined, steps: readonly Step[]): Promise<string[]> {
  const readable = new PassThrough({ objectMode: true });
  for (const step of steps) {
    if (typeof step === 'number') readable.write(resolvedAt(step));
    else noteHead(readable, step.note === 'live' ? 'live' : positionOf(step.note));
  }
  readable.end();
  const seen: string[] = [];
  const notify = (at: Position | undefined): void => {
    seen.push(`caught up at ${at === undefined ? 'empty' : at.commit.toString()}`);
  };
  for await (const event of withHeadCheck(
    readable,
    head === undefined ? undefined : positionOf(head),
    notify,
  )) {
    seen.push(String(event.position.commit));
  }
  return seen;
}

describe('KurrentDB head check (the adapter side, without a server)', () => {
  it('tells the subscriber right after the event at the head, even with nothing after it', async () => {
    expect(await play(30, [10, 20, 30])).toEqual(['10', '20', '30', 'caught up at 30']);
  });

  it('tells a filtered subscriber before the first event past a head its filter dropped', async () => {
    expect(await play(30, [10, 20, 40])).toEqual(['10', '20', 'caught up at 30', '40']);
  });

  it('tells it at a filter checkpoint at or past the head, in order behind the events before it', async () => {
    expect(await play(30, [10, { note: 15 }, 20, { note: 35 }])).toEqual(['10', '20', 'caught up at 30']);
  });

  it("tells it at the server's caught-up note when no checkpoint or event passes the head", async () => {
    expect(await play(30, [10, { note: 'live' }])).toEqual(['10', 'caught up at 30']);
  });

  it('tells it once only, before anything, when the log was empty', async () => {
    expect(await play(undefined, [10, { note: 'live' }, 20])).toEqual(['caught up at empty', '10', '20']);
  });
});
