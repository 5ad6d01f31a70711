import { matchStream, appealStream, type TablecastEvent } from '@tablecast/events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuleViolationError } from '../matches/match.errors';
import { isGuandanReadModel, readModelGame, type CorrectedScoreboard } from '@tablecast/games';
import { MatchProjection, ProjectionDb } from '@tablecast/projections';
import { AppealService } from './appeal.service';
import { RulingService } from './ruling.service';
import {
  arbiter,
  openFixture,
  referee,
  seedPlayedMatch,
  matchService,
  sequentialEntropy,
  type ArbitrationFixture,
} from './testing/arbitration-fixture';

const committee = ['chen', 'wang', 'zhou'];
const upheld = [
  { memberId: 'chen', vote: 'uphold' },
  { memberId: 'wang', vote: 'uphold' },
  { memberId: 'zhou', vote: 'dismiss' },
] as const;

describe('rulings: Given a played match and an appeal, When the committee rules, Then …', () => {
  let fx: ArbitrationFixture;
  let appeals: AppealService;
  let rulings: RulingService;
  let played: readonly TablecastEvent[];
  let warning: number;

  beforeEach(async () => {
    fx = openFixture();
    appeals = new AppealService(fx.store, fx.clock, sequentialEntropy(), fx.lookups());
    rulings = new RulingService(fx.store, sequentialEntropy(), appeals, matchService(fx), fx.lookups());
    played = await seedPlayedMatch(fx.store, 'M1', { deals: 2, warningAfter: 20 });
    warning = played.findIndex((e) => e.type === 'PenaltyIssued');
    await appeals.file(
      'M1',
      {
        appealId: 'A1',
        handNumber: 1,
        disputedRevisions: [warning],
        statement: '警告不当',
        appellant: { team: 'NS', captain: '王芳' },
        fee: { amount: 500 },
      },
      referee,
    );
  });
  afterEach(() => fx.close());

  /** The real match projection over the whole log: what GET /scoreboard serves. */
  async function scoreboard(): Promise<CorrectedScoreboard> {
    const db = new ProjectionDb(fx.dataDir);
    try {
      const projection = new MatchProjection(db, readModelGame);
      for (const event of await fx.store.readStream(matchStream('M1'))) projection.apply(event);
      const model = projection.read('M1');
      if (!isGuandanReadModel(model)) throw new Error('no model');
      return model.scoreboard;
    } finally {
      db.close();
    }
  }

  const rule = (body: object) => rulings.issue('A1', { committee, reasoning: '录像复核', ...body }, arbiter);

  it('appeal dismissed (GD-APL-2): the ruling is recorded with per-member votes, no correction, no refund', async () => {
    const before = await scoreboard();
    const answer = await rule({
      votes: [
        { memberId: 'chen', vote: 'dismiss' },
        { memberId: 'wang', vote: 'dismiss' },
        { memberId: 'zhou', vote: 'uphold' },
      ],
    });
    expect(answer.appeal.ruling).toMatchObject({ outcome: 'appeal-dismissed', feeRefund: null });
    expect(answer.appeal.ruling?.votes).toHaveLength(3);
    expect(answer.corrections).toEqual([]);
    expect(await scoreboard()).toEqual(before);
  });

  it('penalty rescinded (GD-PEN-7): the warning is voided by a correction naming the ruling; the fee is refunded', async () => {
    const answer = await rule({
      rulingId: 'R1',
      votes: upheld,
      remedy: { kind: 'penalty-rescinded', penalty: { stream: 'match-M1', revision: warning } },
    });
    expect(answer.appeal.ruling?.feeRefund).toEqual({ amount: 500, currency: 'CNY' });
    expect(answer.corrections).toMatchObject([
      { rulingId: 'R1', reason: 'ruling', effect: 'voided', supersedes: { revision: warning } },
    ]);
    const log = await fx.store.readStream(matchStream('M1'));
    expect(log[warning]?.type).toBe('PenaltyIssued'); // the original stays
    expect((await scoreboard()).corrections).toMatchObject([{ rulingId: 'R1', effect: 'voided' }]);
  });

  it('penalty imposed (GD-PEN-4): a foul is added by the committee, attached to the disputed event', async () => {
    const answer = await rule({
      votes: upheld,
      remedy: {
        kind: 'penalty-imposed',
        seat: 'E',
        sanction: 'foul',
        rule: 'GD-PEN-4',
        at: { stream: 'match-M1', revision: warning },
      },
    });
    expect(answer.corrections).toMatchObject([
      {
        effect: 'penalty-added',
        corrected: { seat: 'E', sanction: 'foul', rule: 'GD-PEN-4' },
        handNumber: 1,
      },
    ]);
  });

  it('hand result corrected (GD-SCORE-1, GD-APL-3): the last hand’s levels and the game result are replaced, the ruling shown', async () => {
    const lastHand = [...played].reverse().find((e) => e.type === 'HandEnded');
    if (lastHand?.type !== 'HandEnded') throw new Error('no hand');
    const levelsAfter = { NS: 12, EW: 1 };
    await rule({
      rulingId: 'R2',
      votes: upheld,
      remedy: { kind: 'hand-result-corrected', handNumber: lastHand.data.handNumber, levelsAfter },
    });
    const board = await scoreboard();
    const hand = board.hands.find((h) => h.handNumber === lastHand.data.handNumber);
    expect(hand).toMatchObject({
      levelsAfter,
      correctedBy: { rulingId: 'R2' },
      original: { levelsAfter: lastHand.data.levelsAfter },
    });
    expect(board.result).toMatchObject({
      levels: levelsAfter,
      winner: 'NS',
      levelPoints: { NS: 24, EW: 2 },
      rule: 'GD-APL-3',
    });
    expect(board.resultCorrectedBy).toMatchObject({ rulingId: 'R2', reason: 'ruling' });
  });

  it('hand to be replayed: the hand is void on the scoreboard, its events stay', async () => {
    await rule({ rulingId: 'R3', votes: upheld, remedy: { kind: 'hand-to-be-replayed', handNumber: 1 } });
    const board = await scoreboard();
    expect(board.hands.find((h) => h.handNumber === 1)).toMatchObject({ voidedBy: { rulingId: 'R3' } });
    expect(board.hands.find((h) => h.handNumber === 2)?.voidedBy).toBeUndefined();
  });

  it('match result adjusted (GD-SCORE-4, DEC-GD-13): a forfeit scores 2:0 and 18:0, the original result kept beside it', async () => {
    const original = (await scoreboard()).result;
    await rule({
      rulingId: 'R4',
      votes: upheld,
      remedy: { kind: 'match-result-adjusted', loser: 'EW', rule: 'GD-SCORE-4' },
    });
    const board = await scoreboard();
    const { NS, EW } = original?.levels ?? { NS: 0, EW: 0 };
    // The actual points stand when the winners' margin already exceeds 18 (GD-SCORE-4).
    const expectedPoints =
      NS - EW > 9 ? { NS: 13 + Math.min(13, NS - EW), EW: 13 - Math.min(13, NS - EW) } : { NS: 18, EW: 0 };
    expect(board.result).toMatchObject({
      reason: 'forfeit',
      winner: 'NS',
      matchPoints: { NS: 20, EW: 0 },
      levelPoints: expectedPoints,
    });
    expect(board.originalResult).toEqual(original);
    expect(board.resultCorrectedBy).toMatchObject({ rulingId: 'R4' });
  });

  it('GD-APL-2: an even committee, a missing vote or a remedy against the majority is refused; a second ruling is a conflict', async () => {
    await expect(
      rule({
        committee: ['chen', 'wang'],
        votes: upheld.slice(0, 2),
        remedy: { kind: 'hand-to-be-replayed', handNumber: 1 },
      }),
    ).rejects.toMatchObject({ rule: 'GD-APL-2' });
    await expect(
      rule({ votes: upheld.slice(0, 2), remedy: { kind: 'hand-to-be-replayed', handNumber: 1 } }),
    ).rejects.toBeInstanceOf(RuleViolationError);
    await expect(rule({ votes: upheld, remedy: { kind: 'appeal-dismissed' } })).rejects.toMatchObject({
      rule: 'GD-APL-2',
    });
    await rule({ votes: upheld, remedy: { kind: 'hand-to-be-replayed', handNumber: 1 } });
    await expect(
      rule({ votes: upheld, remedy: { kind: 'hand-to-be-replayed', handNumber: 1 } }),
    ).rejects.toMatchObject({ name: 'AppealAlreadyRuledError' });
    expect((await fx.store.readStream(appealStream('A1'))).map((e) => e.type)).toEqual([
      'AppealFiled',
      'RulingIssued',
    ]);
  });
});
