import type { HandResultView, MatchView, MomentView } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { rememberMoment, rememberView, resolveCue, type RememberedMoments } from './cue-replay';

const at = '2026-11-24T05:00:00.000Z';
const bomb = (revision: number, type: 'bomb' | 'straightFlush' | 'fourJokers'): MomentView => ({
  revision,
  at,
  kind: 'bomb',
  seat: 'S',
  cards: ['S9', 'H9', 'C9', 'D9'],
  as: { type, length: 4 },
});
const penalty = (revision: number): MomentView => ({
  revision,
  at,
  kind: 'penalty',
  seat: 'E',
  sanction: 'warning',
  rule: 'GD-TIME-1',
  note: 'slow play',
});

function remember(...moments: MomentView[]): RememberedMoments {
  return moments.reduce<RememberedMoments>(rememberMoment, {});
}

describe('cue replay (a cue names a kind, the page replays what it already has)', () => {
  it('replays the latest moment of the cued kind, not a later moment of another kind', () => {
    const memory = remember(bomb(10, 'bomb'), penalty(12));
    expect(resolveCue(memory, { moment: 'bomb' }, 1)).toEqual({
      id: 1,
      cue: { moment: 'bomb' },
      moment: bomb(10, 'bomb'),
    });
    expect(resolveCue(memory, { moment: 'penalty' }, 2).moment).toEqual(penalty(12));
  });

  it('keeps bomb classes apart (GD-COMBO-8…10); a bomb cue takes the latest of any class', () => {
    const memory = remember(bomb(5, 'straightFlush'), bomb(9, 'bomb'), bomb(7, 'fourJokers'));
    expect(resolveCue(memory, { moment: 'straightFlush' }, 1).moment?.revision).toBe(5);
    expect(resolveCue(memory, { moment: 'fourJokers' }, 1).moment?.revision).toBe(7);
    expect(resolveCue(memory, { moment: 'bomb' }, 1).moment?.revision).toBe(9);
  });

  it('a late (older) frame never replaces a newer remembered moment', () => {
    const memory = remember(penalty(20), penalty(15));
    expect(resolveCue(memory, { moment: 'penalty' }, 1).moment?.revision).toBe(20);
  });

  it('nothing remembered, clear, delay building and lower thirds resolve to no moment', () => {
    const memory = remember(bomb(3, 'bomb'));
    expect(resolveCue(memory, { moment: 'tribute' }, 1).moment).toBeNull();
    expect(resolveCue(memory, { moment: 'handEnd' }, 1).moment).toBeNull();
    expect(resolveCue(memory, { moment: 'clear' }, 1).moment).toBeNull();
    expect(resolveCue(memory, { moment: 'delayBuilding' }, 1).moment).toBeNull();
    expect(resolveCue(memory, { lowerThird: 'S' }, 1)).toEqual({
      id: 1,
      cue: { lowerThird: 'S' },
      moment: null,
    });
  });
});

describe('rememberView: a page that connected after the moments rebuilds them from its view', () => {
  const deal1: HandResultView = {
    handNumber: 1,
    places: ['S', 'N', 'E', 'W'],
    doubleDown: true,
    winningTeam: 'NS',
    levelUp: 3,
    levelsBefore: { NS: 0, EW: 0 },
    levelsAfter: { NS: 3, EW: 0 },
    foulBy: null,
  };
  const view = {
    asOf: at,
    moment: bomb(40, 'bomb'),
    history: [deal1],
    exchange: { handNumber: 2, resisted: [], given: [{ from: 'E', to: 'S', card: 'HA' }], returned: [] },
    penalties: [{ seat: 'W', sanction: 'warning', rule: 'GD-TIME-1', note: 'slow play' }],
  } as unknown as MatchView;

  it('the last finished deal, this deal tribute and the last penalty can be replayed, besides the moment', () => {
    const memory = rememberView({}, view);
    expect(resolveCue(memory, { moment: 'bomb' }, 1).moment?.revision).toBe(40);
    expect(resolveCue(memory, { moment: 'handEnd' }, 1).moment).toEqual({
      revision: 0,
      at,
      kind: 'handEnd',
      result: deal1,
    });
    expect(resolveCue(memory, { moment: 'tribute' }, 1).moment).toMatchObject({
      kind: 'tribute',
      exchange: { handNumber: 2 },
    });
    expect(resolveCue(memory, { moment: 'penalty' }, 1).moment).toMatchObject({
      kind: 'penalty',
      seat: 'W',
      rule: 'GD-TIME-1',
    });
  });

  it('a moment the page saw itself wins over one rebuilt from the view, and a later one over that', () => {
    const seen = rememberView({}, { ...view, moment: penalty(30) });
    expect(resolveCue(seen, { moment: 'penalty' }, 1).moment?.revision).toBe(30);
    const rebuiltFirst = rememberView({}, view);
    const later = rememberMoment(rebuiltFirst, penalty(55));
    expect(resolveCue(later, { moment: 'penalty' }, 1).moment?.revision).toBe(55);
  });

  it('no view, or a view with nothing to rebuild, remembers nothing new', () => {
    expect(rememberView({}, null)).toEqual({});
    const empty = {
      ...view,
      moment: null,
      history: [],
      exchange: null,
      penalties: [],
    } as unknown as MatchView;
    expect(rememberView({}, empty)).toEqual({});
  });

  it("another game's view (a Dou Dizhu frame, no Guandan moments in it) leaves the memory as it is", () => {
    const remembered = rememberView({}, view);
    const doudizhu = { game: 'doudizhu', revision: 12, board: null, seats: [] } as unknown as MatchView;
    expect(rememberView(remembered, doudizhu)).toBe(remembered);
    expect(rememberView({}, doudizhu)).toEqual({});
  });
});
