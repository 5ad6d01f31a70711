import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { recordedView } from '../lib/on-air/testing';
import { gameOf, skinFor, skinnedGames } from './registry';

describe('skin registry: the skin is chosen by the game the view names', () => {
  it('a view without a game is Guandan’s (views from before the game was on the wire)', () => {
    const view = recordedView('penalty', 'venue');
    expect(gameOf(view)).toBe('guandan');
    expect(skinFor(view)?.id).toBe('guandan');
  });

  it('a view naming a game gets that game’s skin; a game with no skin gets none', () => {
    expect(skinFor({ revision: 1, game: 'guandan' })?.id).toBe('guandan');
    expect(skinFor({ revision: 1, game: 'no-such-game' })).toBeNull();
    expect(skinnedGames()).toContain('guandan');
  });

  it('every skin’s id is its registry key, with its name and seats in both languages', () => {
    for (const id of skinnedGames()) {
      const skin = skinFor({ revision: 0, game: id });
      expect(skin?.id).toBe(id);
      for (const labels of Object.values(skin?.labels ?? {})) {
        expect(labels.name).not.toBe('');
        expect(Object.keys(labels.seats).sort()).toEqual([...(skin?.seats ?? [])].sort());
      }
    }
  });

  it('the Guandan skin draws the recorded scorebug and table in zh-CN and English', () => {
    const view = recordedView('penalty', 'venue');
    const skin = skinFor(view);
    if (skin === null) throw new Error('no Guandan skin');
    const nowMs = Date.parse(view.asOf);
    const zh = render(skin.Scorebug, { props: { view, lang: 'zh-CN', nowMs, delayMs: 0 } }).body;
    expect(zh).toMatch(/data-testid="playing"[^>]*>打5</);
    const en = render(skin.Scorebug, { props: { view, lang: 'en', nowMs, delayMs: 0 } }).body;
    expect(en).toMatch(/data-testid="playing"[^>]*>Playing 5</);
    const table = render(skin.Table, {
      props: { view, lang: 'zh-CN', showHand: false, nowMs, delayMs: 0 },
    }).body;
    expect(table).toContain('data-testid="table-view"');
  });

  it('the Guandan lower third draws a seat of its own and nothing for another seat', () => {
    const view = recordedView('penalty', 'venue');
    const skin = skinFor(view);
    if (skin === null) throw new Error('no Guandan skin');
    const south = render(skin.LowerThird, { props: { view, lang: 'zh-CN', seat: 'S' } }).body;
    expect(south).toContain('data-testid="lower-third"');
    const other = render(skin.LowerThird, { props: { view, lang: 'zh-CN', seat: 'landlord' } }).body;
    expect(other).not.toContain('data-testid="lower-third"');
  });
});
