import { tournamentStream } from '@tablecast/events';
import { readModelGame } from '@tablecast/games';
import { ArbitrationIndex, ProjectionDb, rebuildProjections } from '@tablecast/projections';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppealService } from '../arbitration/appeal.service';
import type { ArbitrationLookups } from '../arbitration/arbitration-lookups';
import { RulingService } from '../arbitration/ruling.service';
import { ScoreCorrectionService } from '../arbitration/score-corrections.service';
import {
  appealRequest,
  arbiter,
  matchService,
  openFixture,
  referee,
  seedPlayedMatch,
  sequentialEntropy,
  type ArbitrationFixture,
} from '../arbitration/testing/arbitration-fixture';

/** Lookups that know nothing: filing, ruling and publishing pairings do not depend on them here. */
const unknowing: ArbitrationLookups = {
  appealIdsOf: () => Promise.resolve([]),
  appealRuledBy: () => Promise.resolve(undefined),
  nextPairingsPublishedAt: () => Promise.resolve(null),
};

describe('the arbitration index in projections.sqlite', () => {
  let fx: ArbitrationFixture;

  beforeEach(() => {
    fx = openFixture();
  });
  afterEach(() => fx.close());

  it('GD-APL-1/2, GD-VAR-003-16: a rebuild from position 0 fills it like the live runner: appeals by match in filing order, rulings by id, the first next pairings', async () => {
    const appeals = new AppealService(fx.store, fx.clock, sequentialEntropy(), unknowing);
    const rulings = new RulingService(fx.store, sequentialEntropy(), appeals, matchService(fx), unknowing);
    const corrections = new ScoreCorrectionService(
      fx.store,
      fx.clock,
      sequentialEntropy(),
      matchService(fx),
      unknowing,
    );
    await seedPlayedMatch(fx.store, 'M1');
    await seedPlayedMatch(fx.store, 'M2');
    await appeals.file('M1', appealRequest('A2'), referee);
    await appeals.file('M2', appealRequest('B1'), referee);
    await appeals.file('M1', appealRequest('A1'), referee);
    await rulings.issue(
      'A1',
      {
        rulingId: 'R1',
        committee: ['chen', 'wang', 'zhou'],
        votes: ['chen', 'wang', 'zhou'].map((memberId) => ({ memberId, vote: 'dismiss' })),
        reasoning: '未发现违规。',
      },
      arbiter,
    );
    const pairings = (round: number) => ({
      round,
      pairings: [{ table: 't1', NS: 'a', EW: 'b' }],
      previousRoundMatches: ['M1'],
    });
    await corrections.publishPairings('T1', pairings(2), referee);
    fx.clock.advance(60_000);
    await corrections.publishPairings('T1', pairings(2), referee);
    const [first] = await fx.store.readStream(tournamentStream('T1'));

    const db = new ProjectionDb(join(fx.dataDir, 'rebuilt'));
    try {
      await rebuildProjections(fx.store, db, readModelGame);
      const index = new ArbitrationIndex(db);
      expect(index.appealIdsOf('M1')).toEqual(['A2', 'A1']);
      expect(index.appealIdsOf('M2')).toEqual(['B1']);
      expect(index.appealRuledBy('R1')).toBe('A1');
      expect(index.appealRuledBy('R2')).toBeUndefined();
      expect(index.nextPairingsPublishedAt('M1')).toBe(Date.parse(first?.metadata.recordedAt ?? ''));
      expect(index.nextPairingsPublishedAt('M2')).toBeNull();
    } finally {
      db.close();
    }
  });

  it('a read-model file from before the index (schema v4) is replayed from position 0, so the index misses no earlier appeal', () => {
    const dir = join(fx.dataDir, 'older');
    const older = new ProjectionDb(dir);
    older.setMeta('schemaVersion', '4');
    older.setMeta('checkpoint', '1234');
    older.close();
    const reopened = new ProjectionDb(dir);
    try {
      expect(reopened.meta('checkpoint')).toBeUndefined();
    } finally {
      reopened.close();
    }
  });
});
