import { describe, expect, it } from 'vitest';
import { displayWidth, shortName } from './short-name';

describe('the on-air name rule: cut by display width (CJK 2, Latin 1) with an ellipsis', () => {
  it('counts a Chinese character 2 and a Latin letter, digit or space 1', () => {
    expect(displayWidth('江苏队')).toBe(6);
    expect(displayWidth('Jiangsu')).toBe(7);
    expect(displayWidth('张 Wei 9')).toBe(8);
    // Fullwidth forms and kana are wide as well; a supplementary-plane ideograph is one character.
    expect(displayWidth('ＡＢ')).toBe(4);
    expect(displayWidth('カナ')).toBe(4);
    expect(displayWidth('𠀀')).toBe(2);
  });

  it('keeps a name that fits its room whole', () => {
    expect(shortName('江苏队', 16)).toBe('江苏队');
    expect(shortName('Jiangsu Province', 16)).toBe('Jiangsu Province');
    expect(shortName('欧阳司马上官诸葛', 16)).toBe('欧阳司马上官诸葛');
    expect(shortName('  江苏队 ', 16)).toBe('江苏队');
  });

  it('cuts a longer name to the room, the ellipsis included', () => {
    const cjk = shortName('欧阳司马上官诸葛欧阳', 16);
    expect(cjk).toBe('欧阳司马上官诸…');
    expect(displayWidth(cjk)).toBe(15);
    const latin = shortName('Jiangsu Provincial Team', 16);
    expect(latin).toBe('Jiangsu Provinc…');
    expect(displayWidth(latin)).toBe(16);
    // A Chinese character that would pass the room by one is left out, not half shown.
    expect(shortName('Ab江苏队徐州分队', 9)).toBe('Ab江苏队…');
  });

  it('never leaves a space before the ellipsis', () => {
    expect(shortName('Team Jiangsu North', 6)).toBe('Team…');
  });

  it('holds every name the setup allows (64 characters) to its room', () => {
    for (const filler of ['欧', 'W', '欧W', 'W欧']) {
      const name = filler.repeat(64).slice(0, 64);
      for (const room of [9, 16, 20, 30])
        expect(displayWidth(shortName(name, room))).toBeLessThanOrEqual(room);
    }
  });
});
