import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { guandanOnAir } from './on-air-words';
import TableView from './TableView.svelte';
import { drawnCards, recordedView } from '../../lib/on-air/testing';

/**
 * What a seat's action box says, as `combo:<name>` or `pass:<word>` (null: it says nothing). The
 * expected words below are written out, not taken from comboName: the label is what is tested.
 */
const SEATS = ['S', 'E', 'N', 'W'] as const;
const actionLabel = (html: string, seat: (typeof SEATS)[number]): string | null => {
  const start = html.indexOf(`data-testid="seat-${seat}-action"`);
  if (start < 0) throw new Error(`no action box for seat ${seat}`);
  const box = html.slice(start, html.indexOf('</section>', start));
  const label = /<span class="(combo|pass)[^"]*">([^<]*)<\/span>/.exec(box);
  return label === null ? null : `${label[1] ?? ''}:${label[2] ?? ''}`;
};

const draw = (
  feed: 'venue' | 'broadcast',
  lang: 'zh-CN' | 'en' = 'zh-CN',
  scene: 'trick' | 'bomb' | 'latest' = 'trick',
  elapsedMs = 0,
) => {
  const view = recordedView(scene, feed);
  const delayMs = feed === 'broadcast' ? 1000 : 0;
  const html = render(TableView, {
    props: {
      view,
      text: guandanOnAir[lang],
      lang,
      showHand: feed === 'broadcast',
      nowMs: Date.parse(view.asOf) + delayMs + elapsedMs,
      delayMs,
    },
  }).body;
  return { view, html };
};

describe('TableView.svelte, from recorded frames', () => {
  it('shows each seat with name, cards left, the 10-card report, the leader, and the turn with its clock', () => {
    const { view, html } = draw('venue');
    for (const seat of ['S', 'E', 'N', 'W'] as const) {
      expect(html).toContain(view.seats[seat].playerName);
      expect(html).toContain(`${String(view.seats[seat].cardsLeft)}张`);
    }
    expect(html).toMatch(/data-testid="seat-N-reported"[^>]*>报牌</);
    expect(html).toMatch(/首出/);
    expect(html).toMatch(/出牌\s*0秒/);
    expect(html).toContain(`第${String(view.hand?.number)}副`);
  });

  it('runs the action clock against the feed delay and colours it past the warning (GD-TIME-1: 20 s)', () => {
    expect(draw('broadcast', 'zh-CN', 'trick', 21_000).html).toMatch(/clock-warning[^>]*>出牌\s*21秒/);
    expect(draw('venue', 'zh-CN', 'trick', 30_000).html).toMatch(/clock-over[^>]*>出牌\s*30秒/);
  });

  it('names each last play with the Chinese combo name of the reading the server sent, and passes as 过', () => {
    // The recorded trick: four pairs, one per seat.
    const trick = draw('venue').html;
    for (const seat of SEATS) expect(actionLabel(trick, seat)).toBe('combo:对子');
    // The latest frame: E and N bombed (4 cards each), S and W passed.
    const latest = draw('venue', 'zh-CN', 'latest').html;
    expect(SEATS.map((seat) => actionLabel(latest, seat))).toEqual([
      'pass:过',
      'combo:4张炸弹',
      'combo:4张炸弹',
      'pass:过',
    ]);
  });

  it('on venue draws no hand, only cards already played', () => {
    const { view, html } = draw('venue');
    expect(html).not.toMatch(/-hand"/);
    const played = Object.values(view.actions).flatMap((a) => (a?.kind === 'play' ? a.cards : []));
    expect(drawnCards(html).sort()).toEqual([...played].sort());
  });

  it('on broadcast draws every hand, sorted the way players hold them', () => {
    const { view, html } = draw('broadcast');
    const drawn = drawnCards(html);
    for (const seat of ['S', 'E', 'N', 'W'] as const) {
      for (const card of view.seats[seat].hand ?? []) expect(drawn).toContain(card);
    }
    // W holds both jokers in this recorded deal: the big joker leads its hand.
    const west = /data-testid="seat-W-hand"[\s\S]*?data-card="([^"]+)"/.exec(html)?.[1];
    expect(west).toBe('RJa');
  });

  it('names a bomb by its size (炸弹 of n cards), in English on request', () => {
    // The recorded bomb: S bombed with four kings over three singles.
    const bomb = draw('broadcast', 'zh-CN', 'bomb').html;
    expect(SEATS.map((seat) => actionLabel(bomb, seat))).toEqual([
      'combo:4张炸弹',
      'combo:单张',
      'combo:单张',
      'combo:单张',
    ]);
    const english = draw('venue', 'en', 'bomb').html;
    expect(SEATS.map((seat) => actionLabel(english, seat))).toEqual([
      'combo:4-card bomb',
      'combo:Single',
      'combo:Single',
      'combo:Single',
    ]);
    const latest = draw('venue', 'en', 'latest').html;
    expect(actionLabel(latest, 'S')).toBe('pass:Pass');
    const { html } = draw('venue', 'en');
    expect(actionLabel(html, 'N')).toBe('combo:Pair');
    expect(html).toContain('South');
    // Player names stay Chinese; every label is English.
    expect(html).not.toMatch(/>[南东北西]<|>过<|\d+张/);
    expect(latest).not.toMatch(/>[南东北西]<|>过<|\d+张/);
  });
});
