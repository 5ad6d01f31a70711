import { describe, expect, it } from 'vitest';
import { lowerThirdSeats, withCuedSeats } from './lower-third-seats';

describe('the seats the producer’s lower-third cues offer (the cued match’s game)', () => {
  it('a Dou Dizhu match: its seats 0/1/2, named by the Dou Dizhu skin in zh-CN and English', () => {
    expect(lowerThirdSeats('doudizhu', 'zh-CN')).toEqual([
      { seat: '0', name: '1号位' },
      { seat: '1', name: '2号位' },
      { seat: '2', name: '3号位' },
    ]);
    expect(lowerThirdSeats('doudizhu', 'en')).toEqual([
      { seat: '0', name: 'Seat 1' },
      { seat: '1', name: 'Seat 2' },
      { seat: '2', name: 'Seat 3' },
    ]);
  });

  it('Guandan and Big Two: S/E/N/W; an unknown match’s game is Guandan’s, a game without a skin offers none', () => {
    expect(lowerThirdSeats('guandan', 'zh-CN')).toEqual([
      { seat: 'S', name: '南' },
      { seat: 'E', name: '东' },
      { seat: 'N', name: '北' },
      { seat: 'W', name: '西' },
    ]);
    expect(lowerThirdSeats(null, 'en').map((s) => s.name)).toEqual(['South', 'East', 'North', 'West']);
    expect(lowerThirdSeats('bigtwo', 'en').map((s) => s.seat)).toEqual(['S', 'E', 'N', 'W']);
    expect(lowerThirdSeats('mahjong', 'en')).toEqual([]);
  });

  it('a director rule’s seat the selected game lacks stays offered under its id', () => {
    const ddz = lowerThirdSeats('doudizhu', 'zh-CN');
    expect(withCuedSeats(ddz, ['1', 'S', 'S', 'clear']).map((s) => s.seat)).toEqual(['0', '1', '2', 'S']);
    expect(withCuedSeats(ddz, []).at(-1)).toEqual({ seat: '2', name: '3号位' });
  });
});
