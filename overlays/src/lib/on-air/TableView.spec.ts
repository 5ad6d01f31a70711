import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { messages } from '../i18n';
import { comboName } from './labels';
import TableView from './TableView.svelte';

const zh = messages['zh-CN'].onAir;
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

  it('names each last play with the Chinese combo name of the reading the server sent, and passes as 过', () => {
    const { view, html } = draw('venue');
    const actions = Object.values(view.actions);
    const plays = actions.flatMap((a) => (a?.kind === 'play' ? [a] : []));
    expect(plays.length).toBeGreaterThan(0);
    for (const play of plays) expect(html).toContain(comboName(play.as, play.cards.length, zh));
    if (actions.some((a) => a?.kind === 'pass')) expect(html).toMatch(/class="pass[^"]*">过</);
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
    const bomb = draw('broadcast', 'zh-CN', 'bomb');
    const moment = bomb.view.moment;
    if (moment?.kind !== 'bomb') throw new Error('no bomb in the bomb scene');
    const name = comboName(moment.as, moment.cards.length, zh);
    if (moment.as.type === 'bomb') expect(name).toBe(`${String(moment.cards.length)}张炸弹`);
    expect(bomb.html).toContain(name);
    const { view, html } = draw('venue', 'en');
    for (const a of Object.values(view.actions)) {
      if (a?.kind === 'play') expect(html).toContain(comboName(a.as, a.cards.length, messages.en.onAir));
    }
    expect(html).toContain('South');
    // Player names stay Chinese; every label is English.
    expect(html).not.toMatch(/>[南东北西]<|>过<|\d+张/);
  });
});
