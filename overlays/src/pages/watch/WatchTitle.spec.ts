import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../lib/i18n';
import WatchTitle from './WatchTitle.svelte';

const title = (game: string | undefined | null, lang: Lang): string => {
  const view = game === null ? null : { revision: 3, ...(game === undefined ? {} : { game }) };
  const html = render(WatchTitle, { props: { view, lang } }).body;
  const match = /data-testid="watch-title"[^>]*>([^<]*)</.exec(html);
  if (!match) throw new Error(`no title in ${html}`);
  return match[1] ?? '';
};

describe('the watch page’s header names the match’s game (its skin’s labels)', () => {
  it('a Dou Dizhu or Big Two match is not called a Guandan final, in zh-CN or English', () => {
    expect(title('doudizhu', 'zh-CN')).toBe('竞技二打一决赛 · 观赛');
    expect(title('doudizhu', 'en')).toBe('Dou Dizhu final · Watch');
    expect(title('bigtwo', 'zh-CN')).toBe('竞技锄大地决赛 · 观赛');
    expect(title('bigtwo', 'en')).toBe('Big Two final · Watch');
  });

  it('a Guandan match (and a view from before games were named) keeps 掼蛋决赛; no view names no game', () => {
    expect(title('guandan', 'zh-CN')).toBe('掼蛋决赛 · 观赛');
    expect(title(undefined, 'en')).toBe('Guandan final · Watch');
    expect(title(null, 'zh-CN')).toBe('决赛 · 观赛');
    expect(title(null, 'en')).toBe('Finals · Watch');
  });
});
