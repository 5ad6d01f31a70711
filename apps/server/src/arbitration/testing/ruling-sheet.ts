/**
 * A committee's ruling sheet as `POST /api/appeals/:id/ruling` takes it: three members, two
 * upholding the appeal, and hand 1 to be replayed as the remedy.
 */
export const handReplayedRuling = (rulingId: string) => ({
  rulingId,
  committee: ['chen', 'wang', 'zhou'],
  votes: [
    { memberId: 'chen', vote: 'uphold' },
    { memberId: 'wang', vote: 'uphold' },
    { memberId: 'zhou', vote: 'dismiss' },
  ],
  remedy: { kind: 'hand-to-be-replayed', handNumber: 1 },
  reasoning: '洗牌有误，本副重打。',
});
