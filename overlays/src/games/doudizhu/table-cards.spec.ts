import type { DdzSeat } from '@tablecast/doudizhu/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { LEGIBILITY_FLOOR_PX } from '../../lib/on-air/legibility';
import { fanCards, unreadableCards } from '../kit/testing';
import { skinFor } from '../registry';
import DoudizhuMoment from './DoudizhuMoment.svelte';
import { doudizhuText } from './labels';
import { doudizhuWorstCase } from './worst-case-view';

const LANGS = ['zh-CN', 'en'] as const;
const SEATS: readonly DdzSeat[] = [0, 1, 2];

/** The table frame's Dou Dizhu drawing of the worst case, on the broadcast (every hand face up). */
function table(lang: (typeof LANGS)[number], playing: DdzSeat): string {
  const view = doudizhuWorstCase({ names: lang === 'zh-CN' ? 'cjk' : 'latin', playing });
  const skin = skinFor(view);
  if (skin === null) throw new Error('no Dou Dizhu skin');
  return render(skin.Table, { props: { view, lang, showHand: true, nowMs: 0, delayMs: 0 } }).body;
}

describe('Dou Dizhu on air: every card on the broadcast corner, at the legibility floor', () => {
  for (const lang of LANGS)
    for (const playing of SEATS)
      it(`${lang}, seat ${String(playing)} playing 20 cards: hands, the play and the kitty read at ${String(LEGIBILITY_FLOOR_PX.cardIndex)} px`, () => {
        const cards = fanCards(table(lang, playing));
        // Three hands of 20 (DDZ-DEAL-2's landlord hand, the worst any seat holds), the 20-card
        // airplane and the three kitty cards, face up once revealed (DDZ-DEAL-2).
        expect(cards).toHaveLength(3 * 20 + 20 + 3);
        expect(unreadableCards(cards, LEGIBILITY_FLOOR_PX.cardIndex)).toEqual([]);
      });

  it('draws the jokers’ broadcast index: 大王 in zh-CN, JKR with lang=en', () => {
    const joker = (lang: (typeof LANGS)[number]): string[] =>
      fanCards(table(lang, 0))
        .filter((c) => c.card === 'RJ')
        .map((c) => c.index);
    expect(new Set(joker('zh-CN'))).toEqual(new Set(['大王']));
    expect(new Set(joker('en'))).toEqual(new Set(['JKR']));
  });

  it('labels the table in zh-CN by default and in English with lang=en (DDZ-PLAY-5, DDZ-DBL-1/2)', () => {
    const zh = table('zh-CN', 1);
    for (const word of ['地主', '农民', '底牌', '报单', '20张', '飞机带单', '不出', '加倍', '再加倍'])
      expect(zh).toContain(word);
    const en = table('en', 1);
    for (const word of [
      'Landlord',
      'Peasant',
      'Kitty',
      'Last card',
      '20 cards',
      'Airplane + singles',
      'Pass',
    ])
      expect(en).toContain(word);
    expect(en).not.toMatch(/\p{Script=Han}/u);
  });

  it('draws a rocket’s cards on the moments page at the floor (DDZ-COMBO-1)', () => {
    for (const lang of LANGS) {
      const worst = doudizhuWorstCase({ names: 'latin', playing: 2 });
      const board = worst.board;
      if (board?.trick == null) throw new Error('no trick');
      const view = {
        ...worst,
        board: {
          ...board,
          trick: {
            ...board.trick,
            last: {
              seat: 2 as const,
              cards: ['BJ', 'RJ'] as const,
              as: { type: 'rocket', length: 2 } as const,
            },
          },
        },
      };
      const html = render(DoudizhuMoment, {
        props: { kind: 'rocket', seat: 2, view, text: doudizhuText(lang), lang },
      }).body;
      const cards = fanCards(html);
      expect(cards.map((c) => c.card)).toEqual(['BJ', 'RJ']);
      expect(unreadableCards(cards, LEGIBILITY_FLOOR_PX.cardIndex)).toEqual([]);
    }
  });
});
