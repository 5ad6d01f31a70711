import {
  AppealFiledSchema,
  createCatalog,
  DEFAULT_MAX_DATA_BYTES,
  defineEvent,
  describeIssues,
  type Validated,
} from '@tablecast/events';
import { guandanEventTypes } from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import { tablecastCatalog } from './tablecast-catalog';

const appeal = {
  type: 'AppealFiled',
  data: {
    appealId: 'A1',
    matchId: 'F1',
    handNumber: 2,
    disputed: [{ stream: 'match-F1', revision: 12 }],
    statement: 'Played out of turn.',
    language: 'en',
  },
};
const played = {
  type: 'CardsPlayed',
  data: {
    seat: 'S',
    cards: ['H5a'],
    as: { type: 'single', rank: '5', length: 1 },
    declared: false,
    lead: true,
  },
};
const context = { correlationId: 'cmd-1', causationId: null, actor: { id: 'op-1', role: 'operator' } };

function issuesOf<T>(result: Validated<T>): string {
  if (result.ok) throw new Error('expected the event to be refused');
  return describeIssues(result.issues);
}

describe('the Tablecast catalog', () => {
  it('holds every Guandan rules event, the arbitration, keying-correction, broadcast-delay and tournament events, each with a disclosure', () => {
    const types = tablecastCatalog.definitions.map((d) => d.type);
    const shared = [
      'AppealFiled',
      'RulingIssued',
      'ResultCorrected',
      'PlayersLeftTable',
      'PairingsPublished',
      'CorrectionRequested',
      'CorrectionConfirmed',
      'CorrectionRejected',
      'BroadcastDelaySet',
      // The tournament stream (TRN-*).
      'TournamentCreated',
      'EntrantRegistered',
      'EntrantLateEntered',
      'EntrantWithdrawn',
      'RoundPaired',
      'RoundPublished',
      'MatchAssigned',
      'RoundBoardSetCreated',
      'RoundBoardSeedReleased',
      'BoardAssigned',
      'KnockoutGameRecorded',
      'ResultRecorded',
      'TableResultRecorded',
      'TournamentResultCorrected',
      'BoardTimeCorrected',
      'StageAdvanced',
    ];
    expect(types).toEqual(expect.arrayContaining([...guandanEventTypes, ...shared]));
    expect(types).toHaveLength(guandanEventTypes.length + shared.length);
    expect(tablecastCatalog.definition('CorrectionRequested')?.disclosure).toBe('staff');
    expect(tablecastCatalog.definition('CardsDealt')?.disclosure).toBe('delayed');
    expect(tablecastCatalog.definition('AppealFiled')?.disclosure).toBe('staff');
  });

  it('accepts valid Guandan and arbitration events', () => {
    expect(tablecastCatalog.validate(played)).toEqual({ ok: true, value: played });
    expect(tablecastCatalog.validate(appeal).ok).toBe(true);
  });

  it('names the offending field of a schema violation', () => {
    const bad = { ...played, data: { ...played.data, cards: ['H5a', 'X9z'] } };
    expect(issuesOf(tablecastCatalog.validate(bad))).toMatch(/^data\.cards\[1\]: /);
    // A card id says what a card id is, whether the value is a wrong string or no string at all.
    for (const card of ['H10a', 'BJc', 7, null]) {
      const wrong = { ...played, data: { ...played.data, cards: ['H5a', 'S5b', card] } };
      expect(issuesOf(tablecastCatalog.validate(wrong))).toBe(
        'data.cards[2]: expected a card id: S, H, C or D with 2-9, T, J, Q, K or A, or the joker BJ or RJ, then its copy a or b (e.g. H5a, BJb)',
      );
    }
  });

  it('names the type of an unknown event and lists the known ones', () => {
    expect(issuesOf(tablecastCatalog.validate({ type: 'CardsShuffled', data: {} }))).toMatch(
      /^type: unknown event type "CardsShuffled"; known: MatchCreated, /,
    );
    expect(issuesOf(tablecastCatalog.validate('CardsPlayed'))).toMatch(/^\(root\): /);
  });

  it('refuses an oversize payload before parsing it, naming its largest field', () => {
    const huge = { ...appeal, data: { ...appeal.data, statement: '长'.repeat(30_000) } };
    expect(issuesOf(tablecastCatalog.validate(huge))).toBe(
      `data.statement: event data is 90127 bytes, over the ${DEFAULT_MAX_DATA_BYTES}-byte limit; largest field data.statement is 90002 bytes`,
    );
  });

  it('checks the writer-supplied envelope and names its fields', () => {
    const result = tablecastCatalog.validateNew({
      ...played,
      metadata: { ...context, actor: { id: '', role: 'viewer' } },
    });
    expect(issuesOf(result)).toMatch(/metadata\.actor\.id: .*; metadata\.actor\.role: /);
    expect(tablecastCatalog.validateNew({ ...played, metadata: context }).ok).toBe(true);
  });

  it('enforces the committee rules on a ruling', () => {
    const ruling = {
      type: 'RulingIssued',
      data: {
        appealId: 'A1',
        rulingId: 'R1',
        votes: [
          { memberId: 'm1', vote: 'uphold' },
          { memberId: 'm2', vote: 'uphold' },
          { memberId: 'm3', vote: 'dismiss' },
        ],
        outcome: 'appeal-dismissed',
        reasoning: 'x',
      },
    };
    expect(issuesOf(tablecastCatalog.validate(ruling))).toMatch(
      /^data\.outcome: .*contradicts the majority vote \(uphold\)/,
    );
    const even = {
      ...ruling,
      data: {
        ...ruling.data,
        votes: ruling.data.votes.slice(0, 2).concat([
          { memberId: 'm4', vote: 'dismiss' },
          { memberId: 'm5', vote: 'dismiss' },
        ]),
      },
    };
    expect(issuesOf(tablecastCatalog.validate(even))).toMatch(
      /data\.votes: the committee must cast an odd number/,
    );
  });

  it('refuses to define one type twice', () => {
    const definition = defineEvent(AppealFiledSchema, { disclosure: 'staff' });
    expect(() => createCatalog([definition, definition])).toThrow(/AppealFiled is defined twice/);
  });
});
