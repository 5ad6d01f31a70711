import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { messages } from '../i18n';
import LowerThird from './LowerThird.svelte';
import Scorebug from './Scorebug.svelte';
import StandingsTable from './StandingsTable.svelte';
import { recordedView } from './testing';

const zh = messages['zh-CN'].onAir;

describe('scorebug, standings and lower third, from recorded frames', () => {
  it('scorebug: both teams with their levels, the level played and the deal', () => {
    const view = recordedView('penalty', 'venue');
    const html = render(Scorebug, { props: { view, text: zh } }).body;
    expect(html).toMatch(/江苏队[\s\S]*data-testid="level-NS"[^>]*>5</);
    expect(html).toMatch(/安徽队[\s\S]*data-testid="level-EW"[^>]*>2</);
    expect(html).toMatch(/data-testid="playing"[^>]*>打5</);
    expect(html).toContain('第2副');
    // 江苏队 (NS) won deal 1, so its level is played: the bug marks that team.
    expect(html).toMatch(/class="team[^"]*playing"[^>]*data-testid="team-NS"/);
  });

  it('standings: levels, deals won, double-downs and levels gained from the deal history', () => {
    const view = recordedView('latest', 'venue');
    const html = render(StandingsTable, { props: { view, text: zh } }).body;
    const row = (team: string): string[] =>
      [
        ...(new RegExp(`data-testid="standing-${team}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '').matchAll(
          /<td[^>]*>([^<]*)</g,
        ),
      ].map((m) => m[1] ?? '');
    expect(row('NS')).toEqual(['江苏队', '5', '1', '1', '3']);
    expect(row('EW')).toEqual(['安徽队', '2', '0', '0', '0']);
    expect(html.indexOf('standing-NS')).toBeLessThan(html.indexOf('standing-EW'));
  });

  it('lower third: the player, team, seat, level and cards left', () => {
    const view = recordedView('trick', 'venue');
    const html = render(LowerThird, { props: { view, seat: 'E', text: zh } }).body;
    expect(html).toMatch(/data-testid="lower-third-name"[^>]*>李娜</);
    expect(html).toContain('安徽队');
    expect(html).toContain('东');
    expect(html).toContain(`${String(view.seats.E.cardsLeft)}张`);
  });
});
