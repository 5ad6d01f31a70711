import { describe, expect, it } from 'vitest';
import { tableLiveOf } from './table-live';

describe('a table’s live status from its venue frame', () => {
  it('reads a partnership game’s levels per team (Guandan: 0 = 2 … 12 = A, 13 past A)', () => {
    const frame = {
      view: {
        status: 'inHand',
        handsPlayed: 3,
        asOf: '2026-05-01T10:00:00.000Z',
        teams: { NS: '江苏队', EW: '安徽队' },
        levels: { NS: 12, EW: 13 },
        seats: { S: { hand: ['H5a'] } },
      },
    };
    expect(tableLiveOf('m1', frame)).toEqual({
      matchId: 'm1',
      status: 'live',
      played: 3,
      score: [
        { side: '江苏队', value: 'A' },
        { side: '安徽队', value: 'A+' },
      ],
      asOf: '2026-05-01T10:00:00.000Z',
    });
  });

  it('reads a per-seat running total (Dou Dizhu), and keeps nothing else of the view', () => {
    const frame = {
      view: {
        game: 'doudizhu',
        status: 'ended',
        boardsPlayed: 6,
        asOf: 'x',
        seats: [
          { name: '赵一', total: 12, hand: ['S3'] },
          { name: '钱二', total: -6, hand: null },
        ],
        board: { kitty: ['BJ', 'RJ', 'S2'] },
      },
    };
    const live = tableLiveOf('m2', frame);
    expect(live).toEqual({
      matchId: 'm2',
      status: 'ended',
      played: 6,
      score: [
        { side: '赵一', value: '12' },
        { side: '钱二', value: '-6' },
      ],
      asOf: 'x',
    });
    expect(JSON.stringify(live)).not.toMatch(/S3|BJ|kitty|hand/);
  });

  it('reads the score through the game’s feed only: a game the server does not carry shows none', () => {
    const frame = {
      view: {
        game: 'mahjong',
        status: 'live',
        asOf: 'x',
        levels: { NS: 3, EW: 4 },
        teams: { NS: 'a', EW: 'b' },
        seats: [{ name: '赵一', total: 5 }],
      },
    };
    expect(tableLiveOf('m3', frame)?.score).toEqual([]);
  });

  it('is null while the frame has no view (the delay building) or is not a match view', () => {
    expect(tableLiveOf('m', { view: null })).toBeNull();
    expect(tableLiveOf('m', { view: { levels: {} } })).toBeNull();
    expect(tableLiveOf('m', 'text')).toBeNull();
  });
});
