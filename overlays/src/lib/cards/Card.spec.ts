import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import Card from './Card.svelte';

/** Server-side render of the card: what a 1080p console or an OBS overlay will draw. */
const draw = (props: Parameters<typeof Card>[1]): string => render(Card, { props }).body;

describe('Card.svelte', () => {
  it('draws rank and suit as SVG paths, red for hearts, with the wildcard badge at its level (逢人配)', () => {
    const html = draw({ face: 'H5', level: '5' });
    expect(html).toContain('data-face="H5"');
    expect(html).toContain('data-wild="true"');
    expect(html).toContain('aria-label="红心5 (逢人配)"');
    expect(html).toContain('#c8102e');
    expect(html).toMatch(/>配</);
    expect(html).not.toMatch(/[♠♥♣♦]/);
  });

  it('marks the other level cards with 级 and plain cards with nothing', () => {
    expect(draw({ face: 'S5', level: '5' })).toMatch(/>级</);
    const plain = draw({ face: 'ST', level: '5' });
    expect(plain).toContain('>10<');
    expect(plain).not.toMatch(/>级<|>配</);
    expect(plain).toContain('data-selected="false"');
  });

  it('names the jokers 大王 and 小王, and in English on request', () => {
    expect(draw({ face: 'RJ' })).toContain('aria-label="大王"');
    expect(draw({ face: 'BJ' })).toContain('aria-label="小王"');
    expect(draw({ face: 'BJ', lang: 'en' })).toContain('aria-label="Small joker"');
    expect(draw({ face: 'RJ', lang: 'en' })).toMatch(/>J<[\s\S]*>O<[\s\S]*>K<[\s\S]*>E<[\s\S]*>R</);
    expect(draw({ face: 'RJ' })).toMatch(/>大<[\s\S]*>王</);
  });

  it('shows the selected state', () => {
    const html = draw({ face: 'D9', selected: true });
    expect(html).toContain('data-selected="true"');
    expect(html).toContain('#e0a000');
  });
});
