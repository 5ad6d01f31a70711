import type { AnyGameModule } from '@tablecast/game-kit';
import type { TimelineEntry } from '@tablecast/projections';
import { describe, expect, it } from 'vitest';
import { FoldedTimelines } from './folded-timelines';

/** A game whose state counts its `Tick`s, stored as `tick.Tick`; each evolve is counted too. */
function countingModule(): { module: AnyGameModule; evolved: () => number } {
  let evolved = 0;
  const module = {
    id: 'tick',
    events: [{ type: 'Tick' }],
    initialState: () => 0,
    evolve: (state: number) => {
      evolved += 1;
      return state + 1;
    },
  } as unknown as AnyGameModule;
  return { module, evolved: () => evolved };
}

const entry = (revision: number, type = 'tick.Tick', data: unknown = {}): TimelineEntry =>
  ({ revision, type, data, at: '2026-11-29T00:00:00.000Z', actor: 'operator' }) as unknown as TimelineEntry;

describe('FoldedTimelines: another game’s match folded once per revision', () => {
  it('folds a revision once, reads only the tail after it, and refolds when the timeline grows', () => {
    const log: TimelineEntry[] = [entry(0, 'MatchCreated'), entry(1), entry(2)];
    const reads: number[] = [];
    const folded = new FoldedTimelines((_, from) => {
      reads.push(from);
      return log.filter((e) => e.revision >= from);
    });
    const { module, evolved } = countingModule();

    expect(folded.of('m1', 'tick', module)).toMatchObject({ state: 2, revision: 2, pendingCorrection: null });
    expect(evolved()).toBe(2);
    // The same revision again: nothing new in the tail, nothing folded.
    expect(folded.of('m1', 'tick', module)).toMatchObject({ state: 2, revision: 2 });
    expect(evolved()).toBe(2);
    expect(reads).toEqual([0, 3]);

    log.push(entry(3), entry(4, 'CorrectionRequested', { correctionId: 'c1', toRevision: 2 }));
    expect(folded.of('m1', 'tick', module)).toMatchObject({
      state: 3,
      revision: 4,
      pendingCorrection: { correctionId: 'c1', toRevision: 2 },
    });
    expect(reads).toEqual([0, 3, 3]);
  });

  it('extends the kept state with new events only, and refolds the whole timeline after a confirmed correction', () => {
    const log: TimelineEntry[] = [entry(0, 'MatchCreated'), entry(1), entry(2)];
    const reads: number[] = [];
    const folded = new FoldedTimelines((_, from) => {
      reads.push(from);
      return log.filter((e) => e.revision >= from);
    });
    const { module, evolved } = countingModule();
    folded.of('m1', 'tick', module);
    log.push(entry(3));
    expect(folded.of('m1', 'tick', module)).toMatchObject({ state: 3, revision: 3 });
    // Only the new Tick was folded: 2 + 1.
    expect(evolved()).toBe(3);

    log.push(entry(4, 'CorrectionConfirmed', { retracted: { from: 2, to: 3 } }));
    expect(folded.of('m1', 'tick', module)).toMatchObject({ state: 1, revision: 4, pendingCorrection: null });
    expect(reads).toEqual([0, 3, 4, 0]);
  });

  it('keeps at most its bound of matches: the one read longest ago is folded again from its start', () => {
    const logs = new Map(['a', 'b', 'c'].map((id) => [id, [entry(0, 'MatchCreated'), entry(1)]]));
    const reads: string[] = [];
    const folded = new FoldedTimelines((matchId, from) => {
      reads.push(`${matchId}@${String(from)}`);
      return (logs.get(matchId) ?? []).filter((e) => e.revision >= from);
    }, 2);
    const { module } = countingModule();
    folded.of('a', 'tick', module);
    folded.of('b', 'tick', module);
    folded.of('a', 'tick', module);
    folded.of('c', 'tick', module);
    // b was read longest ago: dropped. a, read again after b, is kept.
    folded.of('a', 'tick', module);
    folded.of('b', 'tick', module);
    expect(reads).toEqual(['a@0', 'b@0', 'a@2', 'c@0', 'a@2', 'b@0']);
  });
});
