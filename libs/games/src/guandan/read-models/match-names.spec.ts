import type { TablecastEvent } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { matchNamesOf } from './match-names';

describe('matchNamesOf', () => {
  it('maps each seat to its player name and each pair to its team name', () => {
    const created = {
      type: 'MatchCreated',
      data: {
        teams: { NS: { id: 'jiangsu', name: '江苏队' }, EW: { id: 'anhui', name: '安徽队' } },
        players: [
          { id: 'wang-fang', name: '王芳', seat: 'N' },
          { id: 'zhang-wei', name: '张伟', seat: 'S' },
          { id: 'liu-yang', name: '刘洋', seat: 'W' },
          { id: 'li-na', name: '李娜', seat: 'E' },
        ],
      },
    } as unknown as TablecastEvent;
    expect(matchNamesOf(created)).toEqual({
      players: { S: '张伟', E: '李娜', N: '王芳', W: '刘洋' },
      teams: { NS: '江苏队', EW: '安徽队' },
    });
  });

  it('is null when the log opens with anything else, or is empty (a very old stream)', () => {
    expect(matchNamesOf({ type: 'CardsDealt', data: {} } as unknown as TablecastEvent)).toBeNull();
    expect(matchNamesOf(undefined)).toBeNull();
  });
});
