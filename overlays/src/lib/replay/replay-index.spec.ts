import { describe, expect, it } from 'vitest';
import {
  nextOf,
  parseCardQuery,
  parseSeatQuery,
  positionsOf,
  previousOf,
  searchEvents,
  type IndexedEvent,
} from './replay-index';

const actor = { id: 'operator:t1', role: 'operator' };
const events: IndexedEvent[] = [
  { revision: 0, type: 'MatchCreated', data: {}, actor },
  { revision: 1, type: 'HandStarted', data: { handNumber: 1 }, actor },
  { revision: 2, type: 'CardsDealt', data: { hands: { S: ['HTa', 'S5a'] } }, actor },
  { revision: 3, type: 'CardsPlayed', data: { seat: 'S', cards: ['HTa'] }, actor },
  { revision: 4, type: 'Passed', data: { seat: 'E' }, actor },
  { revision: 5, type: 'PenaltyIssued', data: { seat: 'E', sanction: 'warning', rule: 'GD-PEN-2' }, actor },
  { revision: 6, type: 'CardsPlayed', data: { seat: 'N', cards: ['HTb', 'STa'] }, actor },
  { revision: 7, type: 'HandStarted', data: { handNumber: 2 }, actor },
  { revision: 8, type: 'CorrectionRequested', data: {}, actor },
  { revision: 9, type: 'CorrectionConfirmed', data: {}, actor },
];
const names = {
  players: { S: '张伟', E: '李娜', N: '王芳', W: '刘洋' },
  teams: { NS: '江苏队', EW: '安徽队' },
};

describe('replay jumps', () => {
  it('finds the deals, penalties, corrections and contested events, in order', () => {
    expect(positionsOf('deal', events)).toEqual([1, 7]);
    expect(positionsOf('penalty', events)).toEqual([5]);
    expect(positionsOf('correction', events)).toEqual([8, 9]);
    expect(positionsOf('appeal', events, [6, 3, 6])).toEqual([3, 6]);
  });

  it('steps to the next or previous of a kind from any position, null past the ends', () => {
    const deals = positionsOf('deal', events);
    expect(nextOf(deals, 0)).toBe(1);
    expect(nextOf(deals, 1)).toBe(7);
    expect(nextOf(deals, 7)).toBeNull();
    expect(previousOf(deals, 7)).toBe(1);
    expect(previousOf(deals, 5)).toBe(1);
    expect(previousOf(deals, 1)).toBeNull();
  });
});

describe('replay search', () => {
  it('reads a card however it is typed', () => {
    for (const typed of ['10♥', '♥10', 'TH', 'HT', 'th', 'h10', '红桃10', ' 10 ♥ '])
      expect(parseCardQuery(typed), typed).toBe('HT');
    expect(parseCardQuery('大王')).toBe('RJ');
    expect(parseCardQuery('QS')).toBe('SQ');
    expect(parseCardQuery('S')).toBeNull();
    expect(parseCardQuery('11♥')).toBeNull();
  });

  it('reads a seat by letter, name or player', () => {
    expect(parseSeatQuery('E', names)).toBe('E');
    expect(parseSeatQuery('东', names)).toBe('E');
    expect(parseSeatQuery('west', names)).toBe('W');
    expect(parseSeatQuery('王芳', names)).toBe('N');
    expect(parseSeatQuery('nobody', names)).toBeNull();
  });

  it('lists the events that play a card (both copies, not the deal) or concern a seat', () => {
    expect(searchEvents(events, '10♥', names)).toEqual([
      { revision: 3, type: 'CardsPlayed' },
      { revision: 6, type: 'CardsPlayed' },
    ]);
    expect(searchEvents(events, 'TS', names)).toEqual([{ revision: 6, type: 'CardsPlayed' }]);
    expect(searchEvents(events, '李娜', names).map((hit) => hit.revision)).toEqual([4, 5]);
    expect(searchEvents(events, 'hello', names)).toEqual([]);
  });
});
