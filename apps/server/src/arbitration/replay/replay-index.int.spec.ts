import { matchStream, effectiveEvents, type NewEvent, type TablecastEvent } from '@tablecast/events';
import {
  GUANDAN_RULESETS as RULESETS,
  guandanModule,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFixture, type ArbitrationFixture } from '../testing/arbitration-fixture';
import { foldAll, ReplayIndex } from '@tablecast/replay';

const meta = {
  correlationId: 'replay-test',
  causationId: null,
  actor: { id: 'operator:t1', role: 'operator' as const },
};

/** A three-deal game with a mis-keyed event after revision `p`, retracted by a confirmed correction. */
function gameWithKeyingCorrection(p: number): { log: NewEvent<TablecastEvent>[]; clean: TablecastEvent[] } {
  const played = playRandomMatch({
    ruleset: RULESETS.cga2017,
    format: { kind: 'fixedDeals', deals: 3 },
    seed: 'replay-eq',
  });
  if (!played.ok) throw new Error('playout failed');
  const clean = [...played.events] as TablecastEvent[];
  const misKeyed = clean[p];
  if (!misKeyed) throw new Error('short game');
  const log: TablecastEvent[] = [
    ...clean.slice(0, p + 1),
    misKeyed, // keyed twice by mistake at revision p + 1
    { type: 'CorrectionRequested', data: { correctionId: 'c1', toRevision: p, reason: 'keyed twice' } },
    {
      type: 'CorrectionConfirmed',
      data: { correctionId: 'c1', toRevision: p, retracted: { from: p + 1, to: p + 1 } },
    },
    ...clean.slice(p + 1),
  ];
  return { log: log.map((event) => ({ ...event, metadata: meta })), clean };
}

describe('ReplayIndex', () => {
  let fx: ArbitrationFixture;
  beforeEach(() => {
    fx = openFixture();
  });
  afterEach(() => fx.close());

  it('the state at every position equals a rebuild (fold of the events in effect) up to that position', async () => {
    const { log, clean } = gameWithKeyingCorrection(40);
    await fx.store.append(matchStream('R1'), log, 'no_stream');
    const events = await fx.store.readStream(matchStream('R1'));
    for (const every of [1, 7, 32]) {
      const index = ReplayIndex.build(guandanModule, events, every);
      expect(index.lastRevision).toBe(events.length - 1);
      for (let position = 0; position <= index.lastRevision; position += 1) {
        const rebuilt = foldAll(guandanModule, effectiveEvents(events.slice(0, position + 1)));
        expect(
          index.stateAt(position),
          `position ${String(position)}, snapshots every ${String(every)}`,
        ).toEqual(rebuilt);
      }
    }
    // The correction makes the replay end where the clean game ends.
    expect(ReplayIndex.build(guandanModule, events).stateAt(events.length - 1)).toEqual(
      foldAll(guandanModule, clean),
    );
  });

  it('refuses a position outside the match', async () => {
    const { log } = gameWithKeyingCorrection(10);
    await fx.store.append(matchStream('R2'), log, 'no_stream');
    const index = ReplayIndex.build(guandanModule, await fx.store.readStream(matchStream('R2')));
    expect(() => index.stateAt(-1)).toThrow(RangeError);
    expect(() => index.stateAt(index.lastRevision + 1)).toThrow(/outside 0…/);
  });
});
