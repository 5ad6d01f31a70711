import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import TournamentStandings from './TournamentStandings.svelte';
import { knockoutView } from './tournament-fixture';

/** A view whose standings follow TRN-TB-2, its legend's steps as the feed labels them. */
const view = {
  ...knockoutView,
  tiebreakOrder: [
    {
      step: 1,
      rule: 'TRN-TB-2',
      key: 'matchPoints',
      method: 'cumulative match points (场分)',
      label: { zh: '场分', en: 'Match points' },
    },
    {
      step: 2,
      rule: 'TRN-TB-2',
      key: 'levelDifferencePoints',
      method: 'cumulative level-difference points (级差分)',
      label: { zh: '级差分', en: 'Level-difference points' },
    },
  ],
};

const legend = (html: string): string =>
  (/data-testid="tiebreak-order"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');

describe('TournamentStandings.svelte: the tie-break legend', () => {
  it('names each step of the chain in zh-CN by default, with its rule', () => {
    const html = render(TournamentStandings, { props: { view, lang: 'zh-CN' } }).body;
    expect(legend(html)).toMatch(/同分排序:\s*场分 \(TRN-TB-2\) → 级差分 \(TRN-TB-2\)/);
    expect(legend(html)).not.toContain('levelDifferencePoints');
  });

  it('in English with lang=en', () => {
    const html = render(TournamentStandings, { props: { view, lang: 'en' } }).body;
    expect(legend(html)).toMatch(
      /Tie-break order:\s*Match points \(TRN-TB-2\) → Level-difference points \(TRN-TB-2\)/,
    );
  });
});
