import { GUANDAN_RULE_CATALOG } from '@tablecast/guandan/testing';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { recordedView } from '../../lib/on-air/testing';
import MomentCard from './MomentCard.svelte';
import { offenceWordsEn, offenceWordsZh } from './offence-words';
import { guandanOnAir } from './on-air-words';

/** The penalty bug's text by test id, tags stripped. */
function part(html: string, testId: string): string | null {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(span|p)>`).exec(html);
  return match === null ? null : (match[1] ?? '').replace(/<[^>]*>/g, '').trim();
}

describe('the penalty bug states the offence in words and the referee’s note', () => {
  it('words every listed rule in zh-CN and English, each a rule of the project’s catalog', () => {
    const ids = new Set(GUANDAN_RULE_CATALOG.rules.map((rule) => rule.id));
    expect(Object.keys(offenceWordsEn).sort()).toEqual(Object.keys(offenceWordsZh).sort());
    for (const id of Object.keys(offenceWordsZh)) expect(ids, id).toContain(id);
    // Every penalty rule of the GD-PEN section a referee rules on a breach of (GD-PEN-9…15).
    for (let n = 9; n <= 15; n += 1) expect(offenceWordsZh).toHaveProperty(`GD-PEN-${String(n)}`);
  });

  it('draws the sanction, the offence in words, the note and the rule ID (GD-PEN-14)', () => {
    const view = recordedView('penalty', 'broadcast');
    const moment = {
      revision: 1,
      at: view.asOf,
      kind: 'penalty',
      seat: 'W',
      sanction: 'violation',
      rule: 'GD-PEN-14',
      note: '出牌时将牌举过头顶',
    } as const;
    const zh = render(MomentCard, {
      props: { moment, view, text: guandanOnAir['zh-CN'], lang: 'zh-CN' },
    }).body;
    expect(part(zh, 'penalty-offence')).toBe('出牌方式不合规定');
    expect(part(zh, 'penalty-note')).toBe('裁判：出牌时将牌举过头顶');
    expect(part(zh, 'penalty-rule')).toBe('规则 GD-PEN-14');
    expect(part(zh, 'penalty-sanction')).toBe('违例');
    const en = render(MomentCard, { props: { moment, view, text: guandanOnAir.en, lang: 'en' } }).body;
    expect(part(en, 'penalty-offence')).toBe('Improper manner of play');
    expect(part(en, 'penalty-rule')).toBe('Rule GD-PEN-14');
  });

  it('the recorded warning (GD-TIME-1): its words, and the note the referee typed', () => {
    const view = recordedView('penalty', 'broadcast');
    if (view.moment?.kind !== 'penalty') throw new Error('no penalty moment recorded');
    const html = render(MomentCard, {
      props: { moment: view.moment, view, text: guandanOnAir.en, lang: 'en' },
    }).body;
    expect(part(html, 'penalty-offence')).toBe('Slow play');
    expect(part(html, 'penalty-note')).toBe('Referee: slow play');
  });

  it('cuts a long note by the on-air rule, shows none on venue, and an unlisted rule by its ID', () => {
    const view = recordedView('penalty', 'venue');
    const base = { revision: 1, at: view.asOf, kind: 'penalty', seat: 'S', sanction: 'warning' } as const;
    const long = render(MomentCard, {
      props: {
        moment: { ...base, rule: 'GD-TIME-1', note: '出牌时多次将牌举过头顶经提醒后仍未改正'.repeat(4) },
        view,
        text: guandanOnAir['zh-CN'],
        lang: 'zh-CN',
      },
    }).body;
    expect(part(long, 'penalty-note')).toBe('裁判：出牌时多次将牌举过头顶经提醒…');
    const venue = render(MomentCard, {
      props: {
        moment: { ...base, rule: 'GD-TIME-1', note: null },
        view,
        text: guandanOnAir['zh-CN'],
        lang: 'zh-CN',
      },
    }).body;
    expect(part(venue, 'penalty-note')).toBeNull();
    expect(part(venue, 'penalty-offence')).toBe('出牌超时');
    const unlisted = render(MomentCard, {
      props: { moment: { ...base, rule: 'GD-X-1', note: '' }, view, text: guandanOnAir.en, lang: 'en' },
    }).body;
    expect(part(unlisted, 'penalty-offence')).toBeNull();
    expect(part(unlisted, 'penalty-note')).toBeNull();
    expect(part(unlisted, 'penalty-rule')).toBe('Rule GD-X-1');
  });
});
