import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import Card from './Card.svelte';
import type { CardMark, CardMarks } from './card-mark';

/** Server-side render of the card: what a 1080p console or an OBS overlay will draw. */
const draw = (props: Parameters<typeof Card>[1]): string => render(Card, { props }).body;

/** A game's mark as a skin hands it: here, every five is badged and framed. */
const FIVE: CardMark = { badge: '五', colour: '#123456', label: 'a five', framed: true };
const fives: CardMarks = (face) => (face.endsWith('5') ? FIVE : null);

describe('Card.svelte', () => {
  it('draws rank and suit as SVG paths, red for hearts', () => {
    const html = draw({ face: 'H5' });
    expect(html).toContain('data-face="H5"');
    expect(html).toContain('aria-label="红心5"');
    expect(html).toContain('#c8102e');
    expect(html).not.toMatch(/[♠♥♣♦]/);
  });

  it('draws the mark the game hands it: badge, colour, frame and words after the name', () => {
    const html = draw({ face: 'H5', marks: fives });
    expect(html).toContain('data-marked="true"');
    expect(html).toContain('aria-label="红心5 (a five)"');
    expect(html).toMatch(/<rect x="1.5"[^>]*stroke="#123456" stroke-width="3"/);
    expect(html).toMatch(/<rect x="3" y="64"[^>]*fill="#123456"[\s\S]*>五</);
    const plain = draw({ face: 'ST', marks: fives });
    expect(plain).toContain('>10<');
    expect(plain).toContain('data-marked="false"');
    expect(plain).not.toMatch(/>五</);
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
