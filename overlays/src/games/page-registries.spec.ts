import { describe, expect, it } from 'vitest';
import { readMatchView } from '../lib/console/match-view-read';
import { consoleFor, DEFAULT_CONSOLE_GAME } from './console-registry';
import GuandanConsole from './guandan/console/ConsolePage.svelte';
import { guandanReplay } from './guandan/replay/replay-game';
import { landingWordsFor } from './landing-registry';
import { replayGameFor, replayGameOf } from './replay-registry';
import { watchStoryFor } from './watch-registry';

/** The shared pages ask these registries for the game of the match; each game gets its own page. */
describe('the pages’ registries choose by the game of the match', () => {
  it('the console: Guandan keys its hands; Dou Dizhu and Big Two are played on the terminals', () => {
    expect(consoleFor('guandan')).toBe(GuandanConsole);
    expect(consoleFor('doudizhu')).toBeNull();
    expect(consoleFor('bigtwo')).toBeNull();
    expect(consoleFor('no-such-game')).toBeNull();
    // A match whose view the server does not answer opens Guandan's console, which reports it.
    expect(consoleFor(DEFAULT_CONSOLE_GAME)).toBe(GuandanConsole);
  });

  it('the replay: the game named by the staff view another game sends, Guandan without one', () => {
    const ddz = { matchId: 'm', status: 'betweenBoards', view: { game: 'doudizhu', revision: 0 } };
    expect(replayGameOf(ddz)).toBe('doudizhu');
    expect(replayGameOf({ matchId: 'm', status: 'new', levels: { NS: 0, EW: 0 }, hand: null })).toBe(
      'guandan',
    );
    expect(replayGameFor('guandan')).toBe(guandanReplay);
    const plain = replayGameFor('doudizhu');
    expect(plain).not.toBe(guandanReplay);
    // No Guandan words for another game's events: the code name, and the raw data instead of a sentence.
    expect(plain.eventName('BidMade', 'zh-CN')).toBe('BidMade');
    expect(plain.summarize({ type: 'CardsPlayed', data: { seat: 0 } }, { lang: 'zh-CN' })).toBeNull();
    expect(guandanReplay.eventName('CardsPlayed', 'zh-CN')).toBe('出牌');
  });

  it('the spectator site: Guandan tells its story; the others are drawn by their skin', () => {
    expect(watchStoryFor('guandan')).not.toBeNull();
    expect(watchStoryFor('doudizhu')).toBeNull();
    expect(watchStoryFor('bigtwo')).toBeNull();
  });

  it('the landing page: Guandan levels for a table list that names no game, none for another game', () => {
    expect(landingWordsFor({ table: 't1' })?.level(12)).toBe('A');
    expect(landingWordsFor({ table: 't1', game: 'doudizhu' })).toBeNull();
  });

  it('the shell reads the game from the staff view, with the token in the header, and names a refusal', async () => {
    const seen: { url: string; auth: string | undefined }[] = [];
    const answer =
      (status: number, body: unknown) => (url: string, init?: { headers?: Record<string, string> }) => {
        seen.push({ url, auth: init?.headers?.authorization });
        return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) });
      };
    const read = await readMatchView(
      'http://x',
      'm 1',
      'tok',
      answer(200, { game: 'doudizhu', revision: 3 }),
    );
    expect(read).toMatchObject({ ok: true, view: { game: 'doudizhu' } });
    expect(seen[0]).toEqual({ url: 'http://x/api/matches/m%201/view', auth: 'Bearer tok' });
    expect(await readMatchView('http://x', 'm', 'bad', answer(401, { message: 'unknown token' }))).toEqual({
      ok: false,
      status: 401,
      message: 'unknown token',
    });
    const down = (): Promise<never> => Promise.reject(new Error('connection refused'));
    expect(await readMatchView('http://x', 'm', 'tok', down)).toEqual({
      ok: false,
      status: 0,
      message: 'connection refused',
    });
  });
});
