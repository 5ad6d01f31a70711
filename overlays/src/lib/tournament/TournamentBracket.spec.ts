import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import TournamentBracket from './TournamentBracket.svelte';
import { knockoutView } from './tournament-fixture';
import { winnerOf } from './tournament-names';

describe('TournamentBracket.svelte, from a knockout view of the tournament feed', () => {
  it('draws one column per round, marks who went through, and leaves the unplayed final open', () => {
    const html = render(TournamentBracket, { props: { view: knockoutView, lang: 'zh-CN' } }).body;
    expect(html).toContain('淘汰赛 · 淘汰赛对阵图');
    expect(html.match(/data-round="\d"/g)).toEqual(['data-round="1"', 'data-round="2"']);
    const won = [
      ...html.matchAll(/class="side[^"]*\bwon\b[^"]*"[^>]*><span class="fit-name[^"]*">([^<]+)</g),
    ].map((m) => m[1]);
    expect(won).toEqual(['丁', '乙']);
    expect(html).toContain('第2轮');
    const final = knockoutView.rounds[1]?.pairings[0];
    if (final === undefined) throw new Error('the fixture has no final');
    expect(winnerOf(final)).toBeNull();
  });

  it('speaks English with lang=en, and says when no knockout round is drawn', () => {
    const html = render(TournamentBracket, { props: { view: knockoutView, lang: 'en' } }).body;
    expect(html).toContain('Knockout bracket');
    expect(html).toContain('Round 1');
    const empty = render(TournamentBracket, {
      props: { view: { ...knockoutView, rounds: [] }, lang: 'en' },
    }).body;
    expect(empty).toMatch(/data-testid="bracket-empty"[^>]*>Not paired yet</);
  });

  it('TRN-KO-1: shows every pair through round 1 on a bye (轮空 / Bye), beside the matches played', () => {
    const [first, second] = knockoutView.rounds;
    if (first === undefined || second === undefined) throw new Error('two rounds');
    const view = { ...knockoutView, rounds: [{ ...first, byes: ['P1', 'P2'] }, second] };
    const zh = render(TournamentBracket, { props: { view, lang: 'zh-CN' } }).body;
    expect([...zh.matchAll(/data-bye="([^"]+)"/g)].map((m) => m[1])).toEqual(['P1', 'P2']);
    expect(zh).toContain('甲 · 轮空');
    expect(zh).toContain('乙 · 轮空');
    const en = render(TournamentBracket, { props: { view, lang: 'en' } }).body;
    expect(en).toContain('甲 · Bye');
  });
});
