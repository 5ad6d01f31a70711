import { verifyDeckCommitment } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import type { GuandanEvent } from '../events/catalog';
import { SEATS, nextSeat } from '../model/seats';
import { cga2017 } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';
import { replay } from './replay';

/**
 * The rules that are procedures at a physical table (shuffling, drawing, pointing out a breach,
 * rulings): what the engine owns of each, named by rule ID.
 */
function southLeads(): Scenario {
  const s = Scenario.create();
  s.deal({ S: ['S3a', 'S4a', 'D9a', 'C9a'], E: ['S5a', 'D5a'] }, { cutIndex: 0 });
  return s;
}

function dealt(events: readonly GuandanEvent[]) {
  const event = events.find((e) => e.type === 'CardsDealt');
  if (event?.type !== 'CardsDealt') throw new Error('no CardsDealt');
  return event.data;
}

describe('shuffling and drawing (GD-DEAL-4/6, GD-PEN-10)', () => {
  it('GD-DEAL-4, GD-DEAL-5: the dealt order is the committed one — no card can be cut or re-inserted after the commitment', () => {
    const s = Scenario.create();
    const decision = s.send({ type: 'DealCards', seed: 'conduct', salt: 'pepper', now: 0 });
    if (!decision.ok) throw new Error(decision.message);
    const [started, committed, cards] = decision.events;
    expect([started?.type, committed?.type, cards?.type]).toEqual([
      'HandStarted',
      'DeckCommitted',
      'CardsDealt',
    ]);
    const { order, salt } = dealt(decision.events);
    const commitment = committed?.type === 'DeckCommitted' ? committed.data.commitment : '';
    expect(verifyDeckCommitment(commitment, order, salt)).toBe(true);
    // Moving even one card (a cut or a re-insertion) no longer matches the commitment.
    const recut = [...order.slice(1), ...order.slice(0, 1)];
    expect(verifyDeckCommitment(commitment, recut, salt)).toBe(false);
  });

  it('GD-DEAL-6, GD-PEN-10: the deal hands out every card in turn, so no draw out of turn is recorded; at a manual table the arbiter rules it under GD-PEN-10', () => {
    const s = Scenario.create();
    const decision = s.send({ type: 'DealCards', seed: 'turns', salt: 'x', now: 0 });
    if (!decision.ok) throw new Error(decision.message);
    const { order, hands, firstDrawer } = dealt(decision.events);
    let seat = firstDrawer;
    const expected = { S: [] as string[], E: [] as string[], N: [] as string[], W: [] as string[] };
    for (const card of order) {
      expected[seat].push(card);
      seat = nextSeat(seat);
    }
    expect(hands).toEqual(expected);
    for (const each of SEATS) expect(hands[each]).toHaveLength(27);
    // Seen but not yet in the hand: a warning; already in the hand: by severity, e.g. a violation.
    expect(
      s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-PEN-10', refereeId: 'ref' }),
    ).toMatchObject([{ type: 'PenaltyIssued', data: { sanction: 'warning', rule: 'GD-PEN-10' } }]);
  });
});

describe('rulings (GD-PEN-1/7/8/9, GD-TIME-3, GD-TRIB-9, DEC-GD-12)', () => {
  it('GD-PEN-1, GD-PEN-7: only an arbiter’s command records a penalty; the event names him and the rule, and a penalty without one is refused', () => {
    const s = southLeads();
    expect(
      s.send({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-PEN-13', refereeId: ' ' }),
    ).toMatchObject({ ok: false, rule: 'GD-PEN-7' });
    expect(
      s.send({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: '', refereeId: 'chief' }),
    ).toMatchObject({ ok: false, rule: 'GD-PEN-1' });
    expect(s.state.penalties).toEqual([]);
    expect(
      s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-PEN-13', refereeId: 'chief' }),
    ).toEqual([
      {
        type: 'PenaltyIssued',
        data: { seat: 'E', sanction: 'warning', rule: 'GD-PEN-13', refereeId: 'chief', note: '' },
      },
    ]);
  });

  it('GD-PEN-8: a breach raised only after its deal has ended can no longer cost that deal: a violation or foul between deals is refused', () => {
    const s = southLeads();
    s.foul('N');
    expect(s.state.status).toBe('betweenHands');
    for (const sanction of ['violation', 'foul'] as const) {
      expect(
        s.send({ type: 'IssuePenalty', seat: 'E', sanction, rule: 'GD-PEN-13', refereeId: 'ref' }),
      ).toMatchObject({ ok: false, rule: 'GD-PEN-3' });
    }
  });

  it('GD-PEN-9, GD-PLAY-10: a wrong play is never accepted, so it is taken back by construction; the follower then loses this turn once', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['D9a', 'C9a'] });
    const before = s.state;
    expect(s.send({ type: 'PlayCards', seat: 'E', cards: ['S5a', 'D5a'] })).toMatchObject({
      ok: false,
      rule: 'GD-CMP-2',
    });
    expect(s.state).toBe(before);
    expect(s.hand('E')).toEqual(expect.arrayContaining(['S5a', 'D5a']));
    // Ruled under GD-PEN-9, the follower loses this turn once: his 下家 plays next.
    expect(
      s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-PEN-9', refereeId: 'ref' }),
    ).toEqual([
      {
        type: 'PenaltyIssued',
        data: { seat: 'E', sanction: 'warning', rule: 'GD-PEN-9', refereeId: 'ref', note: '' },
      },
      { type: 'Passed', data: { seat: 'E' } },
    ]);
    expect(s.state.hand?.turn).toBe('N');
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-PEN-9: an exposed card of a player not on turn, or of the leader, costs no turn by itself', () => {
    const s = southLeads();
    s.must({ type: 'IssuePenalty', seat: 'S', sanction: 'warning', rule: 'GD-PEN-9', refereeId: 'ref' });
    expect(s.state.hand?.turn).toBe('S');
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    s.must({ type: 'IssuePenalty', seat: 'W', sanction: 'warning', rule: 'GD-PEN-9', refereeId: 'ref' });
    expect(s.state.hand).toMatchObject({ turn: 'E', skipOnce: [] });
  });

  it('GD-TIME-3: other delays take the sanction the arbiter gives — warning, violation or foul — under GD-TIME-3', () => {
    const s = southLeads();
    s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-TIME-3', refereeId: 'ref' });
    s.must({ type: 'IssuePenalty', seat: 'N', sanction: 'violation', rule: 'GD-TIME-3', refereeId: 'ref' });
    expect(s.state.hand?.suspended).toEqual(['N']);
    const foul = s.must({
      type: 'IssuePenalty',
      seat: 'E',
      sanction: 'foul',
      rule: 'GD-TIME-3',
      refereeId: 'chief',
    });
    expect(foul.find((e) => e.type === 'HandEnded')).toMatchObject({ data: { foulBy: 'EW' } });
    expect(s.state.penalties.map((p) => `${p.seat}:${p.sanction}:${p.rule}`)).toEqual([
      'E:warning:GD-TIME-3',
      'N:violation:GD-TIME-3',
      'E:foul:GD-TIME-3',
    ]);
  });

  it('GD-TRIB-9: a player who owes no tribute cannot hand over his highest card as one; it stays in his hand, and a sanction is recorded under GD-TRIB-9 (the duty to play it first: duties.spec.ts)', () => {
    const s = Scenario.create().after(
      { places: ['S', 'E', 'N', 'W'], doubleDown: false, winningTeam: 'NS', foulBy: null },
      { NS: 2, EW: 0 },
    );
    s.deal({ W: ['BJa', 'SAa'], E: ['BJb', 'RJa', 'RJb'] });
    expect(s.send({ type: 'GiveTribute', seat: 'E', card: 'RJa' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-1',
    });
    expect(s.hand('E')).toContain('RJa');
    s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-TRIB-9', refereeId: 'ref' });
    expect(s.state.penalties.at(-1)).toMatchObject({ seat: 'E', rule: 'GD-TRIB-9' });
  });

  it('DEC-GD-12, GD-TRIB-8: a wrong return found after play started is a warning; the deal goes on unchanged and nothing escalates it', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    for (let i = 0; i < 3; i += 1) {
      expect(
        s.must({ type: 'IssuePenalty', seat: 'N', sanction: 'warning', rule: 'GD-TRIB-8', refereeId: 'ref' }),
      ).toMatchObject([{ type: 'PenaltyIssued', data: { sanction: 'warning' } }]);
    }
    expect(s.state.hand).toMatchObject({ phase: 'play', turn: 'E', suspended: [] });
  });

  it('GD-APL-3, GD-VAR-003-16: a recorded result is never rewritten — replay refuses an altered event, so corrections must be new events', () => {
    const s = southLeads();
    s.foul('E');
    expect(replay(s.events)).toMatchObject({ ok: true });
    const altered = s.events.map((e) =>
      e.type === 'HandEnded' ? { ...e, data: { ...e.data, levelsAfter: { NS: 5, EW: 0 } } } : e,
    );
    expect(replay(altered)).toMatchObject({ ok: false, rule: 'GD-PLAY-10' });
  });
});

describe('declaring out of turn (GD-PEN-12)', () => {
  it('GD-PEN-12: the offender and his partner may not follow in this trick; when the others pass, the trick ends on the last play; replay agrees', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(s.send({ type: 'Pass', seat: 'N' })).toMatchObject({ ok: false, rule: 'GD-PEN-12' });
    s.must({ type: 'IssuePenalty', seat: 'N', sanction: 'warning', rule: 'GD-PEN-12', refereeId: 'ref' });
    expect(s.state.hand).toMatchObject({ barred: ['N', 'S'], turn: 'E' });
    s.must({ type: 'Pass', seat: 'E' });
    expect(s.state.hand?.turn).toBe('W'); // N is passed over
    expect(s.must({ type: 'Pass', seat: 'W' }).at(-1)).toEqual({
      type: 'TrickWon',
      data: { seat: 'S', nextLeader: 'S' },
    });
    expect(s.state.hand).toMatchObject({ barred: [], turn: 'S' });
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-PEN-12: the bar lapses once the non-offending side plays; a bar while the offender is on turn moves the turn on', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    s.must({ type: 'IssuePenalty', seat: 'W', sanction: 'warning', rule: 'GD-PEN-12', refereeId: 'ref' });
    // W and E are barred; E was on turn, so N acts next.
    expect(s.state.hand).toMatchObject({ barred: ['W', 'E'], turn: 'N' });
    const lapse = southLeads();
    lapse.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    lapse.must({ type: 'IssuePenalty', seat: 'N', sanction: 'warning', rule: 'GD-PEN-12', refereeId: 'ref' });
    lapse.must({ type: 'PlayCards', seat: 'E', cards: ['S5a'] });
    expect(lapse.state.hand).toMatchObject({ barred: [], turn: 'N' });
    expect(replay(lapse.events)).toMatchObject({ ok: true });
  });
});

describe('games (GD-LVL-2, GD-FMT-6)', () => {
  it('GD-LVL-2: every game starts with both pairs at 2, and its first deal is played at 2', () => {
    const s = Scenario.create();
    expect(s.state.levels).toEqual({ NS: 0, EW: 0 });
    s.deal({}, { cutIndex: 0 });
    expect(s.state.hand?.level).toBe('2');
    expect(s.state.hand?.tribute).toBe('none');
  });

  it('GD-FMT-6: equal levels at the end of a fixed-deals game are a draw (1:1, 13:13), which only a Swiss or round-robin event may accept', () => {
    const s = Scenario.create(cga2017, { kind: 'fixedDeals', deals: 2 }).after(
      { places: [], doubleDown: true, winningTeam: 'NS', foulBy: 'EW' },
      { NS: 3, EW: 0 },
    );
    s.deal({});
    s.must({ type: 'DesignateLeader', seat: 'S' });
    const events = s.must({
      type: 'IssuePenalty',
      seat: 'N',
      sanction: 'foul',
      rule: 'GD-PEN-4',
      refereeId: 'c',
    });
    expect(events.at(-1)).toMatchObject({
      type: 'MatchEnded',
      data: {
        reason: 'dealsPlayed',
        winner: null,
        matchPoints: { NS: 10, EW: 10 },
        levelPoints: { NS: 13, EW: 13 },
      },
    });
  });
});
