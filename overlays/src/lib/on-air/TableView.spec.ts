import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { messages } from '../i18n';
import TableView from './TableView.svelte';
import { drawnCards, recordedView } from './testing';

const draw = (
  feed: 'venue' | 'broadcast',
  lang: 'zh-CN' | 'en' = 'zh-CN',
  scene: 'trick' | 'bomb' = 'trick',
  elapsedMs = 0,
) => {
  const view = recordedView(scene, feed);
  const delayMs = feed === 'broadcast' ? 1000 : 0;
  const html = render(TableView, {
    props: {
      view,
      text: messages[lang].onAir,
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

  it('names the last play with its Chinese combo name (三带对) and passes as 过', () => {
    const { html } = draw('venue');
    expect(html).toContain('三带对');
    expect(html).toMatch(/class="pass[^"]*">过</);
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

  it('names a bomb by its size, in English on request', () => {
    expect(draw('broadcast', 'zh-CN', 'bomb').html).toContain('4张炸弹');
    const { html } = draw('venue', 'en');
    expect(html).toContain('Full house');
    expect(html).toContain('South');
    expect(html).not.toMatch(/三带对|南/);
  });
});
