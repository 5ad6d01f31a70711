import { describe, expect, it } from 'vitest';
import { pairPeople, playerName } from './match-names';

const ids = { S: 'zhang-wei', E: 'li-na', N: 'wang-fang', W: 'liu-yang' };
const names = {
  players: { S: '张伟', E: '李娜', N: '王芳', W: '刘洋' },
  teams: { NS: '江苏队', EW: '安徽队' },
};

describe('console names', () => {
  it('shows the player and the pair by name', () => {
    expect(playerName(names, ids, 'N')).toBe('王芳');
    expect(pairPeople(names, ids, 'NS')).toEqual({ team: '江苏队', players: ['张伟', '王芳'] });
    expect(pairPeople(names, ids, 'EW')).toEqual({ team: '安徽队', players: ['李娜', '刘洋'] });
  });

  it('falls back to the ids without names (no MatchCreated, or an older server)', () => {
    for (const none of [null, undefined]) {
      expect(playerName(none, ids, 'N')).toBe('wang-fang');
      expect(pairPeople(none, ids, 'EW')).toEqual({ team: null, players: ['li-na', 'liu-yang'] });
    }
  });

  it('falls back per field when a name is empty', () => {
    const partial = { players: { ...names.players, W: '' }, teams: { NS: '江苏队', EW: '' } };
    expect(playerName(partial, ids, 'W')).toBe('liu-yang');
    expect(pairPeople(partial, ids, 'EW').team).toBeNull();
  });
});
