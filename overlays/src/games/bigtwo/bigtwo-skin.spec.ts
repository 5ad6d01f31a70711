import type { B2Seat, BigTwoSeatView, BigTwoView, Face } from '@tablecast/bigtwo/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { skinFor } from '../registry';
import { asB2Seat, bigtwoEn, bigtwoText, bigtwoZh, latestMoment, signed } from './labels';
import { factorBadges, faceUpHand, pairTerms, scoreFromTerms, seatAction, toAct } from './seat-state';

const SHOWN_HAND: Face[] = ['D3', 'C4', 'H5', 'S6', 'D7', 'C7', 'H7', 'S7', 'S9', 'SJ', 'SQ', 'SK', 'S2'];

function seat(s: B2Seat, over: Partial<BigTwoSeatView> = {}): BigTwoSeatView {
  return {
    seat: s,
    playerId: `p${s}`,
    name: `Player ${s}`,
    cardsLeft: 13,
    hand: null,
    shown: false,
    shownCards: null,
    doubled: false,
    factor: 1,
    oneCardAlert: false,
    total: 0,
    deadline: null,
    playSeconds: { board: 0, match: 0 },
    ...over,
  };
}

/**
 * A venue view in play: S has shown (明牌, his hand public), E doubled (加倍), N is down to one
 * card and reported (报单), W keeps his hand hidden; E just played a pair and N passed.
 */
function inPlay(): BigTwoView {
  return {
    game: 'bigtwo',
    status: 'inBoard',
    revision: 40,
    table: 'T1',
    boardsPlayed: 1,
    seats: [
      seat('S', {
        shown: true,
        shownCards: SHOWN_HAND,
        hand: SHOWN_HAND.slice(1),
        cardsLeft: 12,
        factor: 3,
        total: 18,
      }),
      seat('E', { doubled: true, factor: 2, cardsLeft: 9, total: -20 }),
      seat('N', { cardsLeft: 1, oneCardAlert: true, total: 7 }),
      seat('W', { cardsLeft: 8, total: -5 }),
    ],
    board: {
      number: 2,
      phase: 'play',
      firstSeat: 'S',
      turn: 'W',
      firstLead: false,
      trick: {
        leader: 'E',
        last: { seat: 'E', cards: ['H9', 'C9'], as: { type: 'pair', rank: '9', suit: 'H', length: 2 } },
        passes: 1,
      },
      order: null,
      clock: null,
    },
    lastBoard: null,
    penalties: [],
  };
}

/**
 * The board-end view of B2-T1 (B2-SCORE-2, the source example): A (S) doubles and has 5 left, B (E)
 * 8, C (N) goes out, D (W) doubles with 12 left: card points 5, 16, 0, 36; scores 136, 2, 98, −236.
 */
function boardOverT1(): BigTwoView {
  const view = inPlay();
  const left = { S: 5, E: 8, N: 0, W: 12 } as const;
  const points = { S: 5, E: 16, N: 0, W: 36 } as const;
  const doubled = { S: true, E: false, N: false, W: true } as const;
  const scores = { S: 136, E: 2, N: 98, W: -236 } as const;
  const seats = (['S', 'E', 'N', 'W'] as const).map((s) => ({
    seat: s,
    left: left[s],
    cardPoints: points[s],
    showed: false,
    doubled: doubled[s],
    score: scores[s],
    playTimeMs: 0,
  }));
  return {
    ...view,
    revision: 77,
    board: view.board === null ? null : { ...view.board, phase: 'over', turn: null, trick: null },
    lastBoard: { board: 2, outSeat: 'N', seats },
  };
}

describe('the Big Two skin’s seat state', () => {
  it('B2-PLAY-3/4: the last play stays before its player, the seats after him that passed show 不出', () => {
    const view = inPlay();
    expect(seatAction(view, 'E')).toMatchObject({ kind: 'play', cards: ['H9', 'C9'] });
    expect(seatAction(view, 'N')).toEqual({ kind: 'pass' });
    // W is next to act and has not passed; S led nothing in this trick.
    expect(seatAction(view, 'W')).toBeNull();
    expect(seatAction(view, 'S')).toBeNull();
    expect(toAct(view, 'W')).toBe(true);
    expect(toAct(view, 'S')).toBe(false);
  });

  it('B2-SHOW-1, B2-DBL-1, B2-DBL-2: a badge for each choice made, 明牌 ×3 and 加倍 ×2; none for a declined or pending one', () => {
    expect(factorBadges({ shown: true, doubled: true })).toEqual([
      { kind: 'shown', factor: 3 },
      { kind: 'doubled', factor: 2 },
    ]);
    expect(factorBadges({ shown: false, doubled: true })).toEqual([{ kind: 'doubled', factor: 2 }]);
    expect(factorBadges({ shown: null, doubled: null })).toEqual([]);
    expect(factorBadges({ shown: false, doubled: false })).toEqual([]);
  });

  it('B2-SHOW-1: a shown hand is drawn face up; a hidden hand is its count only', () => {
    const [s, e] = inPlay().seats;
    expect(s && faceUpHand(s)).toEqual(SHOWN_HAND.slice(1));
    expect(e && faceUpHand(e)).toBeNull();
  });

  it('B2-SCORE-2, B2-T1: the six pairs as the card prints them add up to each recorded score', () => {
    const last = boardOverT1().lastBoard;
    if (last === null) throw new Error('no result');
    const terms = pairTerms(last);
    expect(terms.map((t) => `${t.winner}${t.loser} ${t.text}`)).toEqual([
      'SE (16−5)×2×1 = 22',
      'NS (5−0)×1×2 = 10',
      'SW (36−5)×2×2 = 124',
      'NE (16−0)×1×1 = 16',
      'EW (36−16)×1×2 = 40',
      'NW (36−0)×1×2 = 72',
    ]);
    for (const s of last.seats) expect(scoreFromTerms(terms, s.seat)).toBe(s.score);
  });

  it('B2-SCORE-2, B2-T3: a shown hand counts ×3 in each of its pairs — A shows with 3 left, B doubles and goes out', () => {
    const seats = [
      { seat: 'S', left: 3, cardPoints: 3, showed: true, doubled: false, score: 174, playTimeMs: 0 },
      { seat: 'E', left: 0, cardPoints: 0, showed: false, doubled: true, score: 158, playTimeMs: 0 },
      { seat: 'N', left: 9, cardPoints: 18, showed: false, doubled: false, score: -47, playTimeMs: 0 },
      { seat: 'W', left: 13, cardPoints: 52, showed: false, doubled: false, score: -285, playTimeMs: 0 },
    ] as const;
    const terms = pairTerms({ board: 1, outSeat: 'E', seats });
    expect(terms[0]?.text).toBe('(3−0)×2×3 = 18');
    for (const s of seats) expect(scoreFromTerms(terms, s.seat)).toBe(s.score);
    // B2-SCORE-3: the four sum to 0.
    expect(seats.reduce((sum, s) => sum + scoreFromTerms(terms, s.seat), 0)).toBe(0);
  });
});

describe('the Big Two skin’s labels', () => {
  it('names every seat, combination type and phase in zh-CN and English', () => {
    for (const text of [bigtwoZh, bigtwoEn]) {
      expect(Object.keys(text.seats)).toEqual(['S', 'E', 'N', 'W']);
      expect(Object.keys(text.combos).sort()).toEqual(
        ['flush', 'fourOfAKind', 'fullHouse', 'pair', 'single', 'straight', 'straightFlush', 'triple'].sort(),
      );
      for (const word of [...Object.values(text.combos), ...Object.values(text.phases)])
        expect(word).not.toBe('');
    }
    expect(bigtwoText('zh-CN').oneCard).toBe('报单');
    expect(bigtwoText('en').oneCard).toBe('Last card');
    expect(bigtwoZh.combos.fourOfAKind).toBe('铁枝');
    expect(asB2Seat('N')).toBe('N');
    expect(asB2Seat('0')).toBeNull();
    expect(signed(-236)).toBe('−236');
  });

  it('B2-END-1: the board’s end is the one moment, at the view’s revision, about who went out', () => {
    expect(latestMoment(inPlay())).toBeNull();
    expect(latestMoment(boardOverT1())).toEqual({ kind: 'boardEnd', seat: 'N', revision: 77 });
  });
});

describe('the Big Two skin rendered (Svelte on the server)', () => {
  const table = (view: BigTwoView, lang: 'zh-CN' | 'en'): string => {
    const skin = skinFor(view);
    if (skin === null) throw new Error('no Big Two skin registered');
    return render(skin.Table, { props: { view, lang, showHand: false, nowMs: 0, delayMs: 0 } }).body;
  };

  it('TRN-TB-5: each seat’s own play time over the match (用时 / Time) and on the board, as m:ss', () => {
    const view = inPlay();
    const timed: BigTwoView = {
      ...view,
      seats: view.seats.map((s) =>
        s.seat === 'E'
          ? { ...s, playSeconds: { board: 12, match: 83 } }
          : s.seat === 'W'
            ? { ...s, playSeconds: { board: 605, match: 3725 } }
            : s,
      ),
    };
    const zh = table(timed, 'zh-CN');
    expect(zh).toMatch(/data-testid="b2-seat-E-time"[^>]*>用时 1:23</);
    expect(zh).toMatch(/data-testid="b2-seat-E-board-time"[^>]*>本副 0:12</);
    expect(zh).toMatch(/data-testid="b2-seat-W-time"[^>]*>用时 1:02:05</);
    expect(zh).toMatch(/data-testid="b2-seat-W-board-time"[^>]*>本副 10:05</);
    expect(zh).toMatch(/data-testid="b2-seat-S-time"[^>]*>用时 0:00</);
    const en = table(timed, 'en');
    expect(en).toMatch(/data-testid="b2-seat-E-time"[^>]*>Time 1:23</);
    expect(en).toMatch(/data-testid="b2-seat-E-board-time"[^>]*>board 0:12</);
  });

  it('is the skin the registry picks for a Big Two view', () => {
    expect(skinFor({ revision: 0, game: 'bigtwo' })?.id).toBe('bigtwo');
  });

  it('B2-SHOW-1, B2-DBL-2, B2-PLAY-6: badges, the shown hand face up, the 报单 alert, hidden hands as counts', () => {
    const html = table(inPlay(), 'zh-CN');
    expect(html).toMatch(/data-testid="b2-seat-S-shown"[^>]*>明牌 ×3</);
    expect(html).toMatch(/data-testid="b2-seat-E-doubled"[^>]*>加倍 ×2</);
    expect(html).toMatch(/data-testid="b2-seat-N-one-card"[^>]*>报单</);
    expect(html).not.toMatch(/b2-seat-(S|E|W)-one-card/);
    expect(html).toContain('data-testid="b2-seat-S-hand"');
    for (const face of SHOWN_HAND.slice(1)) expect(html).toContain(`data-card="${face}"`);
    expect(html).not.toMatch(/b2-seat-(E|N|W)-hand/);
    expect(html).toMatch(/data-testid="b2-seat-W-left"[^>]*>8张</);
    const en = table(inPlay(), 'en');
    expect(en).toMatch(/data-testid="b2-seat-S-shown"[^>]*>Shown ×3</);
    expect(en).toMatch(/data-testid="b2-seat-N-one-card"[^>]*>Last card</);
  });

  it('B2-SCORE-1/2: the board-end card prints cards left, card points, factors and each pair’s arithmetic', () => {
    const html = table(boardOverT1(), 'zh-CN');
    expect(html).toContain('data-testid="b2-board-end"');
    expect(html).toMatch(/data-testid="b2-end-W-points"[^>]*>36</);
    expect(html).toMatch(/data-testid="b2-end-W-score"[^>]*>−236</);
    expect(html).toMatch(/data-testid="b2-pair-S-W"[\s\S]*?\(36−5\)×2×2 = 124/);
    expect(html).not.toContain('data-testid="b2-table"');
  });
});
