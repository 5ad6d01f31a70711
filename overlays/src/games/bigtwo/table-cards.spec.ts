import type { B2Seat } from '@tablecast/bigtwo/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { LEGIBILITY_FLOOR_PX } from '../../lib/on-air/legibility';
import { fanCards, unreadableCards } from '../kit/testing';
import { skinFor } from '../registry';
import { bigtwoWorstCase } from './worst-case-view';

const LANGS = ['zh-CN', 'en'] as const;
const SEATS: readonly B2Seat[] = ['S', 'E', 'N', 'W'];

/** The table frame's Big Two drawing of the worst case, on the broadcast (every hand face up). */
function table(lang: (typeof LANGS)[number], playing: B2Seat): string {
  const view = bigtwoWorstCase({ names: lang === 'zh-CN' ? 'cjk' : 'latin', playing });
  const skin = skinFor(view);
  if (skin === null) throw new Error('no Big Two skin');
  return render(skin.Table, { props: { view, lang, showHand: true, nowMs: 0, delayMs: 0 } }).body;
}

describe('Big Two on air: every card on the broadcast corner, at the legibility floor', () => {
  for (const lang of LANGS)
    for (const playing of SEATS)
      it(`${lang}, ${playing} playing a straight flush: hands and the play read at ${String(LEGIBILITY_FLOOR_PX.cardIndex)} px`, () => {
        const cards = fanCards(table(lang, playing));
        // Four hands of 13 (B2-SHOW-1's shown hand, or any hand on the broadcast) and the five-card play.
        expect(cards).toHaveLength(4 * 13 + 5);
        expect(unreadableCards(cards, LEGIBILITY_FLOOR_PX.cardIndex)).toEqual([]);
      });

  it('labels the table in zh-CN by default and in English with lang=en (B2-SHOW-1, B2-DBL-1, B2-PLAY-6)', () => {
    const zh = table('zh-CN', 'E');
    for (const word of ['明牌 ×3', '加倍 ×2', '报单', '首家', '13张', '同花顺', '不出'])
      expect(zh).toContain(word);
    const en = table('en', 'E');
    for (const word of ['Shown ×3', 'Doubled ×2', 'Last card', 'Leads', '13 cards', 'Straight flush', 'Pass'])
      expect(en).toContain(word);
    expect(en).not.toMatch(/\p{Script=Han}/u);
  });
});
