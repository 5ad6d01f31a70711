import type { MomentView } from '@tablecast/protocol';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { messages } from '../i18n';
import MomentCard from './MomentCard.svelte';
import { drawnCards, recordedView } from './testing';

type Scene = 'bomb' | 'tribute' | 'handEnd' | 'penalty';
const draw = (scene: Scene, feed: 'venue' | 'broadcast', lang: 'zh-CN' | 'en' = 'zh-CN') => {
  const view = recordedView(scene, feed);
  const moment = view.moment;
  if (moment === null) throw new Error(`no moment in ${scene}`);
  return {
    moment,
    html: render(MomentCard, { props: { moment, view, text: messages[lang].onAir, lang } }).body,
  };
};

describe('MomentCard.svelte, from recorded frames', () => {
  it('animates a bomb with its size, the player and the cards', () => {
    const { moment, html } = draw('bomb', 'venue');
    if (moment.kind !== 'bomb') throw new Error('not a bomb');
    expect(html).toContain('data-kind="bomb"');
    expect(html).toContain('4张炸弹');
    expect(html).toContain('李娜（东）');
    expect(drawnCards(html).sort()).toEqual([...moment.cards].sort());
  });

  it('shows the tribute exchange face down on venue and with the cards on broadcast (GD-TRIB-5)', () => {
    const venue = draw('tribute', 'venue');
    expect(venue.html).toContain('进贡 / 还贡');
    expect(venue.html).toMatch(/李娜（东） 进贡给 张伟（南）/);
    expect(venue.html).toMatch(/张伟（南） 还贡给 李娜（东）/);
    expect(drawnCards(venue.html)).toEqual([]);
    expect(venue.html.match(/暗牌/g)?.length).toBe(4);
    const broadcast = draw('tribute', 'broadcast');
    const exchange = (broadcast.moment as Extract<MomentView, { kind: 'tribute' }>).exchange;
    const cards = [...exchange.given, ...exchange.returned].map((x) => x.card);
    expect(drawnCards(broadcast.html).sort()).toEqual([...cards].sort());
  });

  it('sums up the deal: places 上游/二游, double-down, levels', () => {
    const { html } = draw('handEnd', 'venue');
    expect(html).toContain('第1副结束');
    expect(html).toMatch(/上游<\/span>\s*张伟（南）/);
    expect(html).toMatch(/二游<\/span>\s*王芳（北）/);
    expect(html).toContain('双下');
    expect(html).toContain('江苏队 升3级');
  });

  it('puts up the penalty bug with its sanction and rule ID', () => {
    const { html } = draw('penalty', 'venue');
    expect(html).toContain('警告');
    expect(html).toContain('王芳（北）');
    expect(html).toMatch(/data-testid="penalty-rule"[^>]*>规则 GD-TIME-1</);
    expect(draw('penalty', 'venue', 'en').html).toMatch(/Warning[\s\S]*Rule GD-TIME-1/);
  });
});
