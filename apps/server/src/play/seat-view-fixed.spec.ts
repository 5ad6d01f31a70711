import { seatViewer } from '@tablecast/game-kit';
import {
  guandanCga2017,
  guandanModule,
  playRandomGuandanMatch,
  type GuandanState,
} from '@tablecast/games/testing';
import { describe, expect, it } from 'vitest';
import { withoutFixedSent } from './seat-view-fixed';

/** A Guandan state in the middle of its first deal's play. */
function midDeal(): GuandanState {
  const inPlay: GuandanState[] = [];
  playRandomGuandanMatch({
    seed: 'seat-view-fixed',
    ruleset: guandanCga2017,
    format: { kind: 'fixedDeals', deals: 1 },
    onStep: ({ before }) => {
      if (before.hand?.phase === 'play' && before.hand.trick !== null) inPlay.push(before);
    },
  });
  const mid = inPlay[Math.floor(inPlay.length / 2)];
  if (mid === undefined) throw new Error('no deal in play');
  return mid;
}

describe('a seat socket’s Guandan views: the ruleset once (viewFixed)', () => {
  it('the first view carries the ruleset, later views leave it out, the rest whole', () => {
    const state = midDeal();
    const view = guandanModule.view(state, seatViewer('S'));
    const sent = new Map<string, unknown>();
    expect(withoutFixedSent(view, guandanModule.viewFixed, sent)).toEqual(view);
    const later = withoutFixedSent(view, guandanModule.viewFixed, sent) as Record<string, unknown>;
    expect('ruleset' in later).toBe(false);
    expect(JSON.stringify(later)).not.toContain('"ruleset"');
    const { ruleset, ...rest } = view;
    expect(ruleset).toEqual(guandanCga2017);
    expect(later).toEqual(rest);
  });

  it('a refolded state’s equal ruleset is not sent again; a changed one is', () => {
    const state = midDeal();
    const sent = new Map<string, unknown>();
    withoutFixedSent(guandanModule.view(state, seatViewer('E')), guandanModule.viewFixed, sent);
    const refolded = { ...state, ruleset: structuredClone(state.ruleset) };
    const again = withoutFixedSent(
      guandanModule.view(refolded, seatViewer('E')),
      guandanModule.viewFixed,
      sent,
    );
    expect(again).not.toHaveProperty('ruleset');
    const changed = { ...state, ruleset: { ...state.ruleset, antiTribute: 'optional' as const } };
    const news = withoutFixedSent(
      guandanModule.view(changed, seatViewer('E')),
      guandanModule.viewFixed,
      sent,
    );
    expect(news).toHaveProperty('ruleset.antiTribute', 'optional');
  });

  it('a game with no fixed fields sends every view whole', () => {
    const view = { game: 'x', ruleset: { a: 1 } };
    const sent = new Map<string, unknown>();
    withoutFixedSent(view, undefined, sent);
    expect(withoutFixedSent(view, undefined, sent)).toBe(view);
  });
});
