import { FACES, RANKS, type Face, type Rank } from '@tablecast/cards/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../i18n';
import Card from './Card.svelte';
import type { CardCorner } from './card-corner';
import { cardImage, cardMarkup } from './card-markup';

/** Card.svelte's server render without Svelte's block markers and scoped class: the bare SVG. */
const componentSvg = (
  face: Face,
  level: Rank | null,
  width: number,
  lang: Lang,
  corner: CardCorner = 'standard',
): string =>
  render(Card, { props: { face, level, width, lang, corner } })
    .body.replace(/<!--[^>]*-->/g, '')
    .replace(/ svelte-[a-z0-9]+/g, '');

describe('cardMarkup, the on-air pages’ card drawing', () => {
  it('draws every face exactly as Card.svelte does, at every level, size, language and corner', () => {
    expect(FACES).toHaveLength(54);
    for (const corner of ['standard', 'broadcast'] as const)
      for (const lang of ['zh-CN', 'en'] as const)
        for (const level of [null, ...RANKS])
          for (const width of [46, 56])
            for (const face of FACES)
              expect(
                cardMarkup(face, level, width, lang, corner),
                `${face} at ${level ?? '-'} ${lang} ${corner}`,
              ).toBe(componentSvg(face, level, width, lang, corner));
  });

  it('marks the wildcard and level cards and names the card (逢人配, GD-WILD-1)', () => {
    expect(cardMarkup('H5', '5', 46, 'zh-CN')).toMatch(/aria-label="红心5 \(逢人配\)"[\s\S]*>配</);
    expect(cardMarkup('S5', '5', 46, 'zh-CN')).toMatch(/data-level="true"[\s\S]*>级</);
    expect(cardMarkup('RJ', null, 46, 'en')).toContain('aria-label="Big joker"');
  });
});

describe('cardImage, the on-air pages’ cards as images of that SVG', () => {
  const svgOf = (src: string): string => decodeURIComponent(src.replace(/^data:image\/svg\+xml,/, ''));

  it('is Card.svelte’s SVG with the broadcast corner, standalone (its own namespace and font stack)', () => {
    const svg = svgOf(cardImage('H5', '5', 'zh-CN').src);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" font-family="[^"]*Noto Sans CJK SC/);
    expect(svg.replace(/^<svg [^>]*>/, '')).toBe(
      componentSvg('H5', '5', 60, 'zh-CN', 'broadcast').replace(/^<svg [^>]*>/, ''),
    );
    expect(cardImage('H5', '5', 'zh-CN')).toMatchObject({ label: '红心5 (逢人配)', wildcard: true });
  });

  it('reuses one image for a plain card at every level, and draws level cards apart', () => {
    expect(cardImage('S7', '5', 'zh-CN')).toBe(cardImage('S7', 'K', 'zh-CN'));
    expect(cardImage('S7', '7', 'zh-CN').src).not.toBe(cardImage('S7', '5', 'zh-CN').src);
    expect(svgOf(cardImage('S7', '7', 'zh-CN').src)).toMatch(/>级</);
    expect(svgOf(cardImage('S7', '7', 'en').src)).not.toBe(svgOf(cardImage('S7', '7', 'zh-CN').src));
  });
});
