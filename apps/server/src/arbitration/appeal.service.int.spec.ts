import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandForbiddenError, RequestValidationError, RuleViolationError } from '../matches/match.errors';
import { AppealService } from './appeal.service';
import {
  MINUTE,
  openFixture,
  operatorT1,
  operatorT2,
  referee,
  seedPlayedMatch,
  sequentialEntropy,
  type ArbitrationFixture,
} from './testing/arbitration-fixture';

const appeal = {
  handNumber: 1,
  disputedRevisions: [5, 6],
  statement: '北家在南家出牌前已经出牌，违反出牌顺序。',
  appellant: { team: 'EW', captain: '李娜' },
  fee: { amount: 500 },
};

describe('appeals on a fake clock (real SQLite log)', () => {
  let fx: ArbitrationFixture;
  let service: AppealService;

  beforeEach(async () => {
    fx = openFixture();
    service = new AppealService(fx.store, fx.clock, sequentialEntropy(), fx.lookups());
    await seedPlayedMatch(fx.store, 'F1');
  });
  afterEach(() => fx.close());

  it('GD-APL-1: given a round that ended, when the captain appeals 30 minutes later, then it is filed with the fee and pinned hashes', async () => {
    fx.clock.advance(30 * MINUTE);
    const record = await service.file('F1', appeal, referee);
    expect(record.filed).toMatchObject({
      matchId: 'F1',
      handNumber: 1,
      appellant: { team: 'EW', captain: '李娜' },
      fee: { amount: 500, currency: 'CNY' },
      language: 'zh-CN',
    });
    expect(record.filed.disputed.map((d) => [d.stream, d.revision])).toEqual([
      ['match-F1', 5],
      ['match-F1', 6],
    ]);
    expect(record.filed.disputed[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(record.filedBy).toEqual({ id: 'referee', role: 'referee' });
    // GD-APL-2: the committee answers within 2 hours of the filing.
    expect(record.answerDue).toBe(new Date(fx.clock.now() + 120 * MINUTE).toISOString());
    expect(record.answeredInTime).toBeNull();
    expect(await service.list('F1')).toHaveLength(1);
  });

  it('GD-APL-1: given a round that ended, when the appeal comes 30 minutes and 1 second later, then it is refused with the rule ID', async () => {
    fx.clock.advance(30 * MINUTE + 1000);
    const refused = service.file('F1', appeal, referee);
    await expect(refused).rejects.toBeInstanceOf(RuleViolationError);
    await expect(refused).rejects.toMatchObject({
      rule: 'GD-APL-1',
      message: expect.stringMatching(/window closed/) as unknown,
    });
    expect(await service.list('F1')).toEqual([]);
  });

  it('the operator of the table may file for the captain, another table’s operator may not', async () => {
    await expect(service.file('F1', appeal, operatorT2)).rejects.toBeInstanceOf(CommandForbiddenError);
    await expect(service.file('F1', appeal, operatorT1)).resolves.toMatchObject({
      filedBy: { role: 'operator' },
    });
  });

  it('bad input names the field: a revision the match does not have, a hand not started, a missing captain', async () => {
    const bad = (body: unknown) => service.file('F1', body, referee);
    await expect(bad({ ...appeal, disputedRevisions: [5, 99_999] })).rejects.toMatchObject({
      issues: [{ path: 'disputedRevisions.1' }],
    });
    await expect(bad({ ...appeal, handNumber: 9 })).rejects.toMatchObject({
      issues: [{ path: 'handNumber' }],
    });
    const noCaptain = bad({ ...appeal, appellant: { team: 'EW' } });
    await expect(noCaptain).rejects.toBeInstanceOf(RequestValidationError);
    await expect(noCaptain).rejects.toMatchObject({ issues: [{ path: 'appellant.captain' }] });
  });
});
