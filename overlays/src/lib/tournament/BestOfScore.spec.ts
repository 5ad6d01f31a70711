import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { decidedView, extraDealView, oneAllView } from './best-of-fixture';
import TournamentBracket from './TournamentBracket.svelte';
import TournamentEvent from './TournamentEvent.svelte';
import TournamentPairings from './TournamentPairings.svelte';
import { knockoutView } from './tournament-fixture';

/** The text of each best-of score an overlay printed (its outer span, nested spans and all), spaces folded. */
function bestOfText(html: string): string[] {
  const out: string[] = [];
  for (const start of html.matchAll(/<span class="best-of[^"]*"[^>]*data-testid="best-of"/g)) {
    let depth = 0;
    let end = start.index;
    for (const tag of html.slice(start.index).matchAll(/<(\/?)span\b/g)) {
      depth += tag[1] === '/' ? -1 : 1;
      if (depth === 0) {
        end = start.index + tag.index;
        break;
      }
    }
    const inner = html
      .slice(start.index, end)
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ');
    out.push(inner.replace(/\s+/g, ' ').trim());
  }
  return out;
}

const pages = [
  ['the pairings', TournamentPairings],
  ['the bracket', TournamentBracket],
  ['the event page', TournamentEvent],
] as const;

describe('a best-of knockout pairing’s running score on the overlays (TRN-KO-5 (b))', () => {
  for (const [name, page] of pages) {
    it(`TRN-KO-5 (b): ${name} shows 1:1 and the game being played, in Chinese by default`, () => {
      const html = render(page, { props: { view: oneAllView, lang: 'zh-CN' } }).body;
      expect(html).toContain('data-score="1:1"');
      expect(bestOfText(html)).toEqual(['3局2胜 1:1 第3局']);
    });

    it(`TRN-KO-5 (b): ${name} speaks English with lang=en`, () => {
      const html = render(page, { props: { view: oneAllView, lang: 'en' } }).body;
      expect(bestOfText(html)).toEqual(['Best of 3 1:1 game 3']);
    });

    it(`TRN-KO-4: ${name} says when the extra deal on top of a level decider is played (加赛一副 / extra deal)`, () => {
      expect(bestOfText(render(page, { props: { view: extraDealView, lang: 'zh-CN' } }).body)).toEqual([
        '3局2胜 1:1 加赛一副',
      ]);
      expect(bestOfText(render(page, { props: { view: extraDealView, lang: 'en' } }).body)).toEqual([
        'Best of 3 1:1 extra deal',
      ]);
    });

    it(`TRN-KO-5 (b): ${name} shows a decided round's final score in games with no game in play`, () => {
      const html = render(page, { props: { view: decidedView, lang: 'zh-CN' } }).body;
      expect(bestOfText(html)).toEqual(['3局2胜 1:2']);
      expect(html).not.toContain('best-of-playing');
    });
  }

  it('a round played as one game shows no games score', () => {
    for (const [, page] of pages)
      expect(render(page, { props: { view: knockoutView, lang: 'zh-CN' } }).body).not.toContain(
        'data-testid="best-of"',
      );
  });
});
