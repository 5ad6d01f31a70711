import { FACES, RANKS, type Face } from '@tablecast/cards/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import Card from '../../lib/cards/Card.svelte';
import type { CardMarks } from '../../lib/cards/card-mark';
import { cardImage, cardMarkup } from '../../lib/cards/card-markup';
import type { Lang } from '../../lib/i18n';
import { guandanCardMarks, guandanMarkedFaces } from './card-marks';

/** Card.svelte's server render without Svelte's block markers and scoped class: the bare SVG. */
const componentSvg = (face: Face, marks: CardMarks, width: number, lang: Lang): string =>
  render(Card, { props: { face, marks, width, lang } })
    .body.replace(/<!--[^>]*-->/g, '')
    .replace(/ svelte-[a-z0-9]+/g, '');

describe('Guandan’s marks on the shared card (GD-LVL-3, GD-WILD-1)', () => {
  it('badges the heart level card 配 in a purple frame and names it 逢人配 (GD-WILD-1)', () => {
    const html = componentSvg('H5', guandanCardMarks('5', 'zh-CN'), 64, 'zh-CN');
    expect(html).toContain('data-face="H5"');
    expect(html).toContain('data-marked="true"');
    expect(html).toContain('aria-label="红心5 (逢人配)"');
    expect(html).toMatch(/stroke="#7b2cbf" stroke-width="3"/);
    expect(html).toMatch(/>配</);
  });

  it('badges the other level cards 级 (GD-LVL-3) and plain cards and jokers with nothing', () => {
    const marks = guandanCardMarks('5', 'zh-CN');
    expect(componentSvg('S5', marks, 64, 'zh-CN')).toMatch(
      /aria-label="黑桃5 \(级牌\)"[\s\S]*fill="#b8860b"[\s\S]*>级</,
    );
    const plain = componentSvg('ST', marks, 64, 'zh-CN');
    expect(plain).toContain('>10<');
    expect(plain).not.toMatch(/>级<|>配</);
    expect(marks('RJ')).toBeNull();
    expect(marks('BJ')).toBeNull();
  });

  it('says them in English with lang=en, and marks nothing between deals', () => {
    const marks = guandanCardMarks('5', 'en');
    expect(marks('H5')).toEqual({ badge: 'W', colour: '#7b2cbf', label: 'wildcard', framed: true });
    expect(marks('C5')).toEqual({ badge: 'L', colour: '#b8860b', label: 'level card', framed: false });
    expect(FACES.map(guandanCardMarks(null, 'zh-CN')).filter((mark) => mark !== null)).toEqual([]);
  });

  it('hands out one marks function per level and language, so a card row is not redrawn every frame', () => {
    expect(guandanCardMarks('7', 'zh-CN')).toBe(guandanCardMarks('7', 'zh-CN'));
    expect(guandanCardMarks('7', 'zh-CN')).not.toBe(guandanCardMarks('8', 'zh-CN'));
    expect(guandanCardMarks('7', 'zh-CN')).not.toBe(guandanCardMarks('7', 'en'));
  });

  it('is drawn the same by the on-air pages’ markup and Card.svelte, every face at every level', () => {
    for (const lang of ['zh-CN', 'en'] as const)
      for (const level of [null, ...RANKS]) {
        const marks = guandanCardMarks(level, lang);
        for (const width of [46, 56])
          for (const face of FACES)
            expect(cardMarkup(face, marks(face), width, lang), `${face} at ${level ?? '-'} ${lang}`).toBe(
              componentSvg(face, marks, width, lang),
            );
      }
  });

  it('reuses one image for a plain card at every level, and draws level cards apart', () => {
    const at = (level: '5' | '7' | 'K', lang: Lang = 'zh-CN') =>
      cardImage('S7', guandanCardMarks(level, lang)('S7'), lang);
    expect(at('5')).toBe(at('K'));
    expect(at('7').src).not.toBe(at('5').src);
    expect(decodeURIComponent(at('7').src)).toMatch(/>级</);
    expect(at('7', 'en').src).not.toBe(at('7').src);
  });

  it('lists every level’s level cards for the bitmaps made ahead, in the order a match climbs', () => {
    const marked = guandanMarkedFaces('zh-CN');
    expect(marked).toHaveLength(52);
    expect(marked.slice(0, 4).map((m) => [m.face, m.mark.badge])).toEqual([
      ['S2', '级'],
      ['H2', '配'],
      ['C2', '级'],
      ['D2', '级'],
    ]);
    expect(marked.at(-1)?.face).toBe('DA');
  });
});
