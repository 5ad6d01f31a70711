import { describe, expect, it } from 'vitest';
import { EventFormatSchema, eventVenue } from '../formats/event';
import {
  award003,
  entry003Problem,
  masterPointPlaces,
  swissCorrectionAllowed,
  swissExtraDealDue,
} from './swiss-event';

describe('TRN-EVT event types and units', () => {
  const stage = {
    format: 'swiss',
    venue: 'remote',
    rounds: 6,
    unit: { games: 1, bestOf: false },
    advance: 16,
  } as const;

  it('TRN-EVT-1 / TRN-SWISS-5: an event is on-site, remote, or mixed (an online qualifier then an on-site final)', () => {
    const single = EventFormatSchema.parse({ stages: [{ ...stage, advance: undefined }] });
    expect(eventVenue(single)).toBe('remote');
    const mixed = EventFormatSchema.parse({
      stages: [
        stage,
        { format: 'singleKnockout', venue: 'onSite', rounds: 4, unit: { games: 3, bestOf: true } },
      ],
    });
    expect(eventVenue(mixed)).toBe('mixed');
  });

  it('TRN-EVT-2: formats combine into stages, and a stage before another says how many go on', () => {
    const result = EventFormatSchema.safeParse({ stages: [{ ...stage, advance: undefined }, stage] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['stages', 0, 'advance']);
    expect(result.error?.issues[0]?.message).toMatch(/^TRN-EVT-2/);
  });

  it('TRN-EVT-3: the regulations say how many games a round holds; a best-of has an odd number', () => {
    const result = EventFormatSchema.safeParse({
      stages: [{ ...stage, advance: undefined, unit: { games: 2, bestOf: true } }],
    });
    expect(result.error?.issues[0]?.path).toEqual(['stages', 0, 'unit', 'games']);
    expect(result.error?.issues[0]?.message).toMatch(/^TRN-EVT-3/);
  });
});

describe('TRN-SWISS-3, -9, -10', () => {
  it('TRN-SWISS-3: leading pairs that draw in the last rounds set by the regulations play one more deal', () => {
    const base = { totalRounds: 6, lastRounds: 2, leading: true, draw: true } as const;
    expect(swissExtraDealDue({ ...base, round: 5 })).toBe(true);
    expect(swissExtraDealDue({ ...base, round: 4 })).toBe(false);
    expect(swissExtraDealDue({ ...base, round: 5, lastRounds: 1 })).toBe(false);
    expect(swissExtraDealDue({ ...base, round: 6, leading: false })).toBe(false);
    expect(swissExtraDealDue({ ...base, round: 6, lastRounds: 0 })).toBe(false);
  });

  it('TRN-SWISS-9: correction windows, and a correction never changes a published pairing', () => {
    expect(swissCorrectionAllowed({ kind: 'scoring', raisedAt: 100, playersLeftAt: 200 })).toEqual({
      ok: true,
      pairingChanges: false,
    });
    expect(swissCorrectionAllowed({ kind: 'scoring', raisedAt: 300, playersLeftAt: 200 })).toMatchObject({
      ok: false,
      rule: 'TRN-SWISS-9',
    });
    const published = 1_000_000;
    expect(
      swissCorrectionAllowed({
        kind: 'dataEntry',
        raisedAt: published + 300_000,
        nextPairingPublishedAt: published,
      }),
    ).toMatchObject({ ok: true });
    expect(
      swissCorrectionAllowed({
        kind: 'dataEntry',
        raisedAt: published + 300_001,
        nextPairingPublishedAt: published,
      }),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^raisedAt/) as unknown,
    });
  });

  it('TRN-SWISS-10: 003 awards by place, master points for the top 30%, at most 100 pairs aged 18–75', () => {
    expect([1, 3, 4, 8, 9, 16, 17, 30, 31].map(award003)).toEqual([
      '一等奖',
      '一等奖',
      '二等奖',
      '二等奖',
      '三等奖',
      '三等奖',
      '优胜奖',
      '优胜奖',
      null,
    ]);
    expect(masterPointPlaces(100)).toBe(30);
    expect(masterPointPlaces(41)).toBe(12);
    expect(entry003Problem(99, [18, 75])).toBeNull();
    expect(entry003Problem(100, [30, 30])).toMatch(/^entrants/);
    expect(entry003Problem(10, [30, 76])).toMatch(/^ages\.1/);
  });
});
