import { matchStream, tournamentStream, type TablecastEvent } from '@tablecast/events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MatchCommandService } from '../matches/match-command.service';
import { isGuandanReadModel, readModelGame } from '@tablecast/games';
import { MatchProjection, ProjectionDb } from '@tablecast/projections';
import { newMatchRequest } from '../testing/match-client';
import { ScoreCorrectionService } from './score-corrections.service';
import {
  MINUTE,
  openFixture,
  referee,
  seedPlayedMatch,
  matchService,
  sequentialEntropy,
  type ArbitrationFixture,
} from './testing/arbitration-fixture';

describe('score corrections under the 2023 regulations (GD-VAR-003-16, TRN-SWISS-9), fake clock', () => {
  let fx: ArbitrationFixture;
  let service: ScoreCorrectionService;
  let lastHand: number;
  const correction = (kind: string) => ({
    kind,
    handNumber: lastHand,
    levelsAfter: { NS: 5, EW: 3 },
    note: '记分表记错',
  });
  const pairings = {
    round: 2,
    pairings: [{ table: 't1', NS: 'jiangsu', EW: 'anhui' }],
    previousRoundMatches: ['S1'],
  };

  async function seed(ruleset: 'cesa2023' | 'cga2017'): Promise<void> {
    const events: readonly TablecastEvent[] = await seedPlayedMatch(fx.store, 'S1', { ruleset, deals: 2 });
    lastHand = events.filter((e) => e.type === 'HandEnded').length;
  }

  beforeEach(() => {
    fx = openFixture();
    service = new ScoreCorrectionService(
      fx.store,
      fx.clock,
      sequentialEntropy(),
      matchService(fx),
      fx.lookups(),
    );
  });
  afterEach(() => fx.close());

  it('GD-VAR-003-16: given the players still at the table, a recording error is corrected; the scoreboard names it, the original stays', async () => {
    await seed('cesa2023');
    const answer = await service.correct('S1', correction('recording-error'), referee);
    expect(answer.corrections[0]).toMatchObject({
      reason: 'recording-error',
      rulingId: null,
      handNumber: lastHand,
    });
    const db = new ProjectionDb(fx.dataDir);
    try {
      const projection = new MatchProjection(db, readModelGame);
      const log = await fx.store.readStream(matchStream('S1'));
      for (const event of log) projection.apply(event);
      const model = projection.read('S1');
      const board = isGuandanReadModel(model) ? model.scoreboard : undefined;
      expect(board?.hands.at(-1)).toMatchObject({
        levelsAfter: { NS: 5, EW: 3 },
        correctedBy: { reason: 'recording-error', rulingId: null },
      });
      expect(log.filter((e) => e.type === 'HandEnded')).toHaveLength(lastHand);
    } finally {
      db.close();
    }
  });

  it('GD-VAR-003-16: given the players have left the table, a recording error is refused with the rule ID', async () => {
    await seed('cesa2023');
    await service.playersLeft('S1', referee);
    fx.clock.advance(1000);
    await expect(service.correct('S1', correction('recording-error'), referee)).rejects.toMatchObject({
      rule: 'GD-VAR-003-16',
      message: expect.stringMatching(/before the players leave the table/) as unknown,
    });
  });

  it('GD-VAR-003-16: an entry error is accepted 5 minutes after the next pairings and refused a moment later; pairings never change', async () => {
    await seed('cesa2023');
    await service.playersLeft('S1', referee);
    fx.clock.advance(10 * MINUTE);
    await service.publishPairings('T2026', pairings, referee);
    const published = await fx.store.readStream(tournamentStream('T2026'));
    fx.clock.advance(5 * MINUTE);
    const accepted = await service.correct('S1', correction('entry-error'), referee);
    expect(accepted.windowClosesAt).toBe(fx.clock.now());
    fx.clock.advance(1);
    await expect(service.correct('S1', correction('entry-error'), referee)).rejects.toMatchObject({
      rule: 'GD-VAR-003-16',
    });
    // A correction never changes a published pairing (TRN-SWISS-9): the tournament stream is untouched.
    expect(await fx.store.readStream(tournamentStream('T2026'))).toEqual(published);
  });

  it('GD-APL-3: under the base rules (cga2017) the chief arbiter corrects an entry error at any time', async () => {
    await seed('cga2017');
    await service.playersLeft('S1', referee);
    await service.publishPairings('T2026', pairings, referee);
    fx.clock.advance(600 * MINUTE);
    await expect(service.correct('S1', correction('entry-error'), referee)).resolves.toMatchObject({
      windowClosesAt: null,
    });
  });

  it('a write to the match stream makes the match service reload, so the table’s next command is not a stale 409', async () => {
    const matches = new MatchCommandService(fx.store, fx.clock, sequentialEntropy());
    const withService = new ScoreCorrectionService(
      fx.store,
      fx.clock,
      sequentialEntropy(),
      matches,
      fx.lookups(),
    );
    await matches.create(newMatchRequest('L1'), referee);
    expect((await matches.get('L1')).revision).toBe(0);
    await withService.playersLeft('L1', referee);
    expect((await matches.get('L1')).revision).toBe(1);
  });
});
