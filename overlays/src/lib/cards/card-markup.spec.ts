import { FACES, type Face } from '@tablecast/cards/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../i18n';
import Card from './Card.svelte';
import type { CardCorner } from './card-corner';
import { NO_MARKS, type CardMark, type CardMarks } from './card-mark';
import { cardImage, cardMarkup } from './card-markup';

/** Card.svelte's server render without Svelte's block markers and scoped class: the bare SVG. */
const componentSvg = (
  face: Face,
  marks: CardMarks,
  width: number,
  lang: Lang,
  corner: CardCorner = 'standard',
): string =>
  render(Card, { props: { face, marks, width, lang, corner } })
    .body.replace(/<!--[^>]*-->/g, '')
    .replace(/ svelte-[a-z0-9]+/g, '');

/** Two marks a game might hand the card: a framed one on the hearts, a plain one on the other sevens. */
const HEART: CardMark = { badge: '心', colour: '#7b2cbf', label: 'a heart seven', framed: true };
const SEVEN: CardMark = { badge: '7', colour: '#b8860b', label: 'a seven', framed: false };
const sevens: CardMarks = (face) => (face === 'H7' ? HEART : face.endsWith('7') ? SEVEN : null);

describe('cardMarkup, the on-air pages’ card drawing', () => {
  it('draws every face exactly as Card.svelte does, marked or not, at every size, language and corner', () => {
    expect(FACES).toHaveLength(54);
    for (const corner of ['standard', 'broadcast'] as const)
      for (const lang of ['zh-CN', 'en'] as const)
        for (const marks of [NO_MARKS, sevens])
          for (const width of [46, 56])
            for (const face of FACES)
              expect(cardMarkup(face, marks(face), width, lang, corner), `${face} ${lang} ${corner}`).toBe(
                componentSvg(face, marks, width, lang, corner),
              );
  });

  it('draws the mark it is given and says it after the card’s name', () => {
    expect(cardMarkup('H7', HEART, 46, 'zh-CN')).toMatch(/aria-label="红心7 \(a heart seven\)"[\s\S]*>心</);
    expect(cardMarkup('S7', SEVEN, 46, 'zh-CN')).toMatch(/data-marked="true"[\s\S]*>7<[\s\S]*fill="#b8860b"/);
    expect(cardMarkup('RJ', null, 46, 'en')).toContain('aria-label="Big joker"');
  });
});

describe('cardImage, the on-air pages’ cards as images of that SVG', () => {
  const svgOf = (src: string): string => decodeURIComponent(src.replace(/^data:image\/svg\+xml,/, ''));

  it('is Card.svelte’s SVG with the broadcast corner, standalone (its own namespace and font stack)', () => {
    const svg = svgOf(cardImage('H7', HEART, 'zh-CN').src);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" font-family="[^"]*Noto Sans CJK SC/);
    expect(svg.replace(/^<svg [^>]*>/, '')).toBe(
      componentSvg('H7', sevens, 60, 'zh-CN', 'broadcast').replace(/^<svg [^>]*>/, ''),
    );
    expect(cardImage('H7', HEART, 'zh-CN')).toMatchObject({ label: '红心7 (a heart seven)', mark: HEART });
  });

  it('reuses one image for a card that looks the same, and draws marked cards apart', () => {
    expect(cardImage('S7', null, 'zh-CN')).toBe(cardImage('S7', null, 'zh-CN'));
    expect(cardImage('S7', SEVEN, 'zh-CN')).toBe(cardImage('S7', { ...SEVEN }, 'zh-CN'));
    expect(cardImage('S7', SEVEN, 'zh-CN').src).not.toBe(cardImage('S7', null, 'zh-CN').src);
    expect(cardImage('S7', SEVEN, 'zh-CN')).not.toBe(cardImage('S7', { ...SEVEN, label: 'other' }, 'zh-CN'));
    expect(svgOf(cardImage('S7', SEVEN, 'zh-CN').src)).toMatch(/>7<\/text><\/svg>$/);
    expect(svgOf(cardImage('S7', SEVEN, 'en').src)).not.toBe(svgOf(cardImage('S7', SEVEN, 'zh-CN').src));
  });
});
