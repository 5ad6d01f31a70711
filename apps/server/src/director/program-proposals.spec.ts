import { logPart } from '@tablecast/protocol';
import type { FeedFrame } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import type { DetectedMoment } from './director-moments';
import { PROPOSALS_KEPT, ProposalBook, ReleasedMatchEnds, proposable } from './program-proposals';

const RECORDED = Date.parse('2026-11-28T20:00:00.000Z');
const DELAY = 120_000;

/** A broadcast frame releasing revision `revision` of `matchId` with the view's `status`. */
const frame = (matchId: string, revision: number, status: string, state: 'live' | 'delayBuilding' = 'live') =>
  ({
    type: 'feed',
    matchId,
    audience: 'broadcast',
    seq: revision,
    status:
      state === 'live'
        ? { state, delayMs: DELAY }
        : { state, delayMs: DELAY, reason: 'start', resumesAt: RECORDED + DELAY },
    event: { type: 'HandEnded', revision, recordedAt: new Date(RECORDED).toISOString(), data: {} },
    view: { status, asOf: new Date(RECORDED).toISOString() },
  }) as unknown as FeedFrame;

const moment = (kind: DetectedMoment['moment']): DetectedMoment => ({
  matchId: 'm2',
  moment: kind,
  revision: 9,
  recordedAt: new Date(RECORDED).toISOString(),
  detail: `${kind} at m2`,
  part: logPart('gameMoment', { game: 'guandan', kind, seat: null, rule: null }),
});

describe('what the auto-director proposes to cut to', () => {
  it('proposes bombs, rockets, springs and match point, not a deal end, a tribute or a penalty', () => {
    const kinds = [
      'bomb',
      'straightFlush',
      'fourJokers',
      'rocket',
      'spring',
      'antiSpring',
      'matchPoint',
    ] as const;
    expect(proposable(kinds.map(moment)).map((c) => c.moment)).toEqual(kinds);
    expect(proposable([moment('handEnd'), moment('tribute'), moment('penalty')])).toEqual([]);
  });

  it('carries the moment’s own coded part, as the director’s log words it, beside the English line', () => {
    const bomb: DetectedMoment = {
      ...moment('bomb'),
      detail: 'S played SKb HKa CKa DKb (bomb)',
      part: logPart('bombPlayed', { seat: 'S', cards: ['SKb', 'HKa', 'CKa', 'DKb'], combo: 'bomb' }),
    };
    const [candidate] = proposable([bomb]);
    expect(candidate).toEqual({
      matchId: 'm2',
      moment: 'bomb',
      detail: 'S played SKb HKa CKa DKb (bomb)',
      parts: [
        { code: 'bombPlayed', params: { seat: 'S', cards: ['SKb', 'HKa', 'CKa', 'DKb'], combo: 'bomb' } },
      ],
    });
    if (candidate === undefined) throw new Error('no candidate');
    const offered = new ProposalBook().offer(candidate, { table: 't2', number: 2 }, 't1', 'x');
    expect(offered?.parts).toEqual(candidate.parts);
  });

  it('a match end only once the broadcast released it, and only after a frame that was not ended', () => {
    const ends = new ReleasedMatchEnds();
    expect(ends.releasedBy(frame('m2', 1, 'inHand'), RECORDED + DELAY)).toBeNull();
    // Released too early (the delay not yet run) or while building: not yet shown on air.
    expect(ends.releasedBy(frame('m2', 2, 'ended'), RECORDED + 1_000)).toBeNull();
    expect(ends.releasedBy(frame('m2', 2, 'ended', 'delayBuilding'), RECORDED + DELAY)).toBeNull();
    expect(ends.releasedBy(frame('m2', 2, 'ended'), RECORDED + DELAY)).toEqual({
      matchId: 'm2',
      moment: 'matchEnd',
      detail: 'match m2 ended',
      parts: [{ code: 'matchEnded', params: { matchId: 'm2' } }],
    });
    expect(ends.releasedBy(frame('m2', 3, 'ended'), RECORDED + DELAY)).toBeNull();
    // First seen ended (after a restart): it ended before, on air already.
    expect(ends.releasedBy(frame('m3', 7, 'ended'), RECORDED + DELAY)).toBeNull();
  });

  it('keeps one proposal per table, newest first, none for the table on air; take and dismiss by id', () => {
    const book = new ProposalBook();
    const at = (n: number) => ({ table: `t${String(n)}`, number: n });
    const candidate = {
      matchId: 'm2',
      moment: 'bomb' as const,
      detail: 'S played a bomb',
      parts: [logPart('bombPlayed', { seat: 'S', cards: [], combo: 'bomb' })],
    };
    expect(book.offer(candidate, at(1), 't1', 'x')).toBeNull();
    const first = book.offer(candidate, at(2), 't1', '2026-11-28T20:02:00.000Z');
    const second = book.offer({ ...candidate, moment: 'rocket' }, at(2), 't1', 'later');
    expect(book.all).toEqual([second]);
    expect(first?.id).not.toBe(second?.id);
    for (let n = 3; n < 3 + PROPOSALS_KEPT; n += 1) book.offer(candidate, at(n), 't1', 'x');
    expect(book.all).toHaveLength(PROPOSALS_KEPT);
    expect(book.all[0]?.table).toBe(`t${String(2 + PROPOSALS_KEPT)}`);
    const newest = book.all[0]?.id ?? '';
    expect(book.find(newest)?.table).toBe(`t${String(2 + PROPOSALS_KEPT)}`);
    expect(book.dismiss(newest)).toBe(true);
    expect(book.dismiss(newest)).toBe(false);
    book.dropTable('t3');
    expect(book.all.some((p) => p.table === 't3')).toBe(false);
  });
});
