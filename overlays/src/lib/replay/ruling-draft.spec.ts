import { describe, expect, it } from 'vitest';
import { majorityOf, newDraft, rulingRequestBody, type DraftContext, type RulingDraft } from './ruling-draft';

const STREAM = 'match-M';
const HASH = 'a'.repeat(64);
const context: DraftContext = {
  handNumber: 2,
  disputed: [{ stream: STREAM, revision: 22, hash: HASH }],
  penaltyRevisions: [9, 22],
  position: 40,
};

function sheet(
  votes: readonly ('uphold' | 'dismiss' | null)[],
  change: Partial<RulingDraft> = {},
): RulingDraft {
  return {
    ...newDraft(STREAM, context, 'ru_1'),
    members: votes.map((vote, i) => ({ memberId: ` m${String(i + 1)} `, vote })),
    reasoning: '录像显示',
    ...change,
  };
}

describe('newDraft', () => {
  it('starts with three members and, for an appeal against a penalty, rescinding that penalty', () => {
    const draft = newDraft(STREAM, context);
    // A fresh ruling id per sheet, of idSchema's characters (the server's key for a resend).
    expect(draft.rulingId).toMatch(/^ru_[0-9a-f]{24}$/);
    expect(newDraft(STREAM, context).rulingId).not.toBe(draft.rulingId);
    expect(draft.members).toEqual([
      { memberId: '', vote: null },
      { memberId: '', vote: null },
      { memberId: '', vote: null },
    ]);
    expect(draft).toMatchObject({
      remedy: 'penalty-rescinded',
      penaltyRevision: 22,
      atRevision: 22,
      handNumber: 2,
    });
  });

  it('otherwise starts on imposing a penalty at the contested event, or where the replay stands', () => {
    const play = newDraft(STREAM, { ...context, disputed: [{ stream: STREAM, revision: 30 }] });
    expect(play).toMatchObject({ remedy: 'penalty-imposed', penaltyRevision: 9, atRevision: 30 });
    const elsewhere = newDraft(STREAM, { ...context, disputed: [], penaltyRevisions: [] });
    expect(elsewhere).toMatchObject({ penaltyRevision: null, atRevision: 40 });
  });
});

describe('majorityOf', () => {
  it('counts the votes set so far and says which way they go (GD-APL-2)', () => {
    expect(majorityOf(sheet(['uphold', 'uphold', 'dismiss']).members)).toEqual({
      uphold: 2,
      dismiss: 1,
      unset: 0,
      decision: 'uphold',
      oddCommittee: true,
    });
    expect(majorityOf(sheet(['dismiss', null, null]).members)).toMatchObject({
      decision: 'dismiss',
      unset: 2,
    });
    expect(majorityOf(sheet(['uphold', 'dismiss']).members)).toMatchObject({
      decision: null,
      oddCommittee: false,
    });
    expect(majorityOf(sheet([null, null, null, null, null]).members)).toMatchObject({
      decision: null,
      oddCommittee: true,
    });
  });
});

describe('rulingRequestBody', () => {
  it('sends the committee, each vote and the remedy of an upheld appeal with the hash the appeal pinned', () => {
    expect(rulingRequestBody(sheet(['uphold', 'uphold', 'dismiss']), STREAM, context)).toEqual({
      rulingId: 'ru_1',
      committee: ['m1', 'm2', 'm3'],
      votes: [
        { memberId: 'm1', vote: 'uphold' },
        { memberId: 'm2', vote: 'uphold' },
        { memberId: 'm3', vote: 'dismiss' },
      ],
      remedy: { kind: 'penalty-rescinded', penalty: { stream: STREAM, revision: 22, hash: HASH } },
      reasoning: '录像显示',
    });
  });

  it('sends no remedy when the majority dismisses, and leaves an unset vote out for the server to name', () => {
    expect(rulingRequestBody(sheet(['dismiss', 'dismiss', null]), STREAM, context)).toEqual({
      rulingId: 'ru_1',
      committee: ['m1', 'm2', 'm3'],
      votes: [
        { memberId: 'm1', vote: 'dismiss' },
        { memberId: 'm2', vote: 'dismiss' },
      ],
      reasoning: '录像显示',
    });
  });

  it('shapes each remedy kind with the schema’s field names', () => {
    const upheld = ['uphold', 'uphold', 'uphold'] as const;
    const remedy = (change: Partial<RulingDraft>): unknown =>
      (rulingRequestBody(sheet(upheld, change), STREAM, context) as { remedy: unknown }).remedy;
    expect(remedy({ remedy: 'penalty-rescinded', penaltyRevision: 9 })).toEqual({
      kind: 'penalty-rescinded',
      penalty: { stream: STREAM, revision: 9 },
    });
    expect(
      remedy({
        remedy: 'penalty-imposed',
        seat: 'E',
        sanction: 'foul',
        penaltyRule: ' GD-PEN-4 ',
        atRevision: 30,
      }),
    ).toEqual({
      kind: 'penalty-imposed',
      seat: 'E',
      sanction: 'foul',
      rule: 'GD-PEN-4',
      at: { stream: STREAM, revision: 30 },
    });
    expect(remedy({ remedy: 'hand-result-corrected', handNumber: 1, levelsAfter: { NS: 3, EW: 0 } })).toEqual(
      {
        kind: 'hand-result-corrected',
        handNumber: 1,
        levelsAfter: { NS: 3, EW: 0 },
      },
    );
    expect(remedy({ remedy: 'hand-to-be-replayed', handNumber: 3 })).toEqual({
      kind: 'hand-to-be-replayed',
      handNumber: 3,
    });
    expect(remedy({ remedy: 'match-result-adjusted', loser: 'EW', resultRule: 'GD-SCORE-4' })).toEqual({
      kind: 'match-result-adjusted',
      loser: 'EW',
      rule: 'GD-SCORE-4',
    });
  });
});
