import type { Seat } from '@tablecast/guandan/view';
import type { MomentView } from '@tablecast/protocol';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { guandanOnAir } from './on-air-words';
import { teamName } from './labels';
import MomentCard from './MomentCard.svelte';
import { drawnCards, recordedView } from '../../lib/on-air/testing';

type Scene = 'bomb' | 'tribute' | 'handEnd' | 'penalty';
const draw = (scene: Scene, feed: 'venue' | 'broadcast', lang: 'zh-CN' | 'en' = 'zh-CN') => {
  const view = recordedView(scene, feed);
  const moment = view.moment;
  if (moment === null) throw new Error(`no moment in ${scene}`);
  const html = render(MomentCard, { props: { moment, view, text: guandanOnAir[lang], lang } }).body;
  // What the audience reads: each name sits in its own element (the on-air name rule cuts it).
  return { moment, html, text: html.replace(/<[^>]*>/g, '') };
};

const zh = guandanOnAir['zh-CN'];
/** How the card names a player: name and seat, from the recorded view. */
const who = (scene: Scene, seat: Seat): string =>
  `${recordedView(scene, 'venue').seats[seat].playerName}（${zh.seats[seat]}）`;

describe('MomentCard.svelte, from recorded frames', () => {
  it('animates a bomb-class play with its name, the player and the cards', () => {
    const { moment, html, text } = draw('bomb', 'venue');
    if (moment.kind !== 'bomb') throw new Error('not a bomb');
    expect(html).toContain('data-kind="bomb"');
    // The recorded bomb is four kings: its burst reads 4张炸弹 (and 4-card bomb in English).
    expect(html).toMatch(/<h2 class="burst[^"]*">4张炸弹<\/h2>/);
    expect(draw('bomb', 'venue', 'en').html).toMatch(/<h2 class="burst[^"]*">4-card bomb<\/h2>/);
    expect(text).toContain(who('bomb', moment.seat));
    expect(drawnCards(html).sort()).toEqual([...moment.cards].sort());
  });

  it('shows the tribute exchange face down on venue and with the cards on broadcast (GD-TRIB-5)', () => {
    const venue = draw('tribute', 'venue');
    if (venue.moment.kind !== 'tribute') throw new Error('not a tribute');
    const { given, returned } = venue.moment.exchange;
    expect(venue.html).toContain('进贡 / 还贡');
    for (const g of given)
      expect(venue.text).toContain(
        `${who('tribute', g.from)} 进贡给 ${g.to === null ? '…' : who('tribute', g.to)}`,
      );
    for (const r of returned)
      expect(venue.text).toContain(`${who('tribute', r.from)} 还贡给 ${who('tribute', r.to)}`);
    expect(drawnCards(venue.html)).toEqual([]);
    expect(venue.html.match(/暗牌/g)?.length).toBe(given.length + returned.length);
    const broadcast = draw('tribute', 'broadcast');
    const exchange = (broadcast.moment as Extract<MomentView, { kind: 'tribute' }>).exchange;
    const cards = [...exchange.given, ...exchange.returned].map((x) => x.card);
    expect(cards.every((card) => card !== null)).toBe(true);
    expect(drawnCards(broadcast.html).sort()).toEqual([...cards].sort());
  });

  it('sums up the deal: places 上游/二游/三游/下游, double-down, levels', () => {
    const { moment, html, text } = draw('handEnd', 'venue');
    if (moment.kind !== 'handEnd') throw new Error('not a deal end');
    const { result } = moment;
    expect(html).toContain(`第${String(result.handNumber)}副结束`);
    result.places.forEach((seat, i) => {
      expect(text).toMatch(new RegExp(`${zh.places[i] ?? ''}\\s*${who('handEnd', seat)}`));
    });
    expect(html.includes('双下')).toBe(result.doubleDown);
    const view = recordedView('handEnd', 'venue');
    expect(text).toContain(`${teamName(view, result.winningTeam, zh)} 升${String(result.levelUp)}级`);
  });

  it('puts up the penalty bug with its sanction and rule ID', () => {
    const { moment, html, text } = draw('penalty', 'venue');
    if (moment.kind !== 'penalty') throw new Error('not a penalty');
    expect(html).toContain(zh.sanctions[moment.sanction]);
    expect(text).toContain(who('penalty', moment.seat));
    expect(html).toMatch(new RegExp(`data-testid="penalty-rule"[^>]*>规则 ${moment.rule}<`));
    expect(draw('penalty', 'venue', 'en').html).toMatch(new RegExp(`Rule ${moment.rule}`));
  });
});
