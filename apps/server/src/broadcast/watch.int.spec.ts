import type { FeedEvent, ReleasedDealResponse, WatchListing } from '@tablecast/protocol';
import { describe, expect, it, vi } from 'vitest';
import { driveMatch } from '@tablecast/bots';
import { staffedServerForSuite } from '../testing/staffed-server';
import { FeedSocket } from './testing/feed-socket';

/** A card id as the feeds spell it (`H5a`, `BJb`): none may be in a public answer before its release. */
const CARD_ID = /"(?:[SHDC][2-9TJQKA]|[BR]J)[ab]"/;

async function get(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('the spectator site’s public reads, while the delay holds everything back (1 h)', () => {
  const suite = staffedServerForSuite({ BROADCAST_DELAY_MS: '3600000' });

  it('lists the match with the delay building and nothing of it; its finished deal is a 404', async () => {
    await driveMatch(suite.matches, {
      matchId: 'watch_held',
      table: 't1',
      seed: 'watch-held',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 1 },
    });
    const list = await get(`${suite.server.url}/api/watch/matches`);
    expect(list.status).toBe(200);
    const listings = JSON.parse(list.text) as WatchListing[];
    expect(listings).toEqual([
      {
        matchId: 'watch_held',
        feed: expect.objectContaining({ state: 'delayBuilding', reason: 'starting' }) as unknown,
        table: null,
        teams: null,
        status: null,
        levels: null,
        handsPlayed: 0,
        result: null,
        asOf: null,
      },
    ]);
    expect(list.text).not.toMatch(CARD_ID);
    // Finished at the table, but not on the broadcast feed: nothing of it is public yet.
    const deal = await get(`${suite.server.url}/api/watch/matches/watch_held/deals/1`);
    expect(deal.status).toBe(404);
    expect(deal.text).not.toMatch(CARD_ID);
  });

  it('names the field of a malformed deal number (400) and an unknown match (404)', async () => {
    const bad = await get(`${suite.server.url}/api/watch/matches/watch_held/deals/one`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('hand:');
    expect((await get(`${suite.server.url}/api/watch/matches/nobody/deals/1`)).status).toBe(404);
  });
});

describe('the spectator site’s public reads once a deal is released (1 s delay)', () => {
  const suite = staffedServerForSuite({ BROADCAST_DELAY_MS: '1000' });

  it('serves a finished deal exactly as the broadcast frames carried it, and lists the match', async () => {
    const matchId = 'watch_released';
    const broadcast = await FeedSocket.open(suite.server);
    broadcast.send({ type: 'subscribe', matchId, audience: 'broadcast' });
    await broadcast.until((m) => m.type === 'subscribed');
    await driveMatch(suite.matches, {
      matchId,
      table: 't1',
      seed: 'watch-released',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 1 },
    });
    const url = `${suite.server.url}/api/watch/matches/${matchId}/deals/1`;
    const body = await vi.waitFor(
      async () => {
        const response = await get(url);
        expect(response.status).toBe(200);
        return JSON.parse(response.text) as ReleasedDealResponse;
      },
      { timeout: 20_000, interval: 200 },
    );
    const types = body.events.map((e) => e.type);
    expect(types[0]).toBe('HandStarted');
    expect(types).toContain('HandEnded');
    expect(types).toContain('CardsPlayed');
    // Every event served went out on the broadcast feed, as it was sent there.
    const last = body.events.at(-1);
    if (last === undefined) throw new Error('no event');
    await broadcast.until((m) => m.type === 'feed' && (m.event?.revision ?? -1) >= last.revision);
    const sent = new Map<number, FeedEvent>();
    for (const frame of broadcast.frames())
      if (frame.event !== null) sent.set(frame.event.revision, frame.event);
    for (const event of body.events) expect(sent.get(event.revision)).toEqual(event);
    await broadcast.close();

    const listings = JSON.parse((await get(`${suite.server.url}/api/watch/matches`)).text) as WatchListing[];
    expect(listings.find((l) => l.matchId === matchId)).toMatchObject({
      table: 't1',
      teams: { NS: '江苏队', EW: '安徽队' },
      feed: { state: 'live', delayMs: 1000 },
    });
    // The deal after the last one never existed.
    expect((await get(`${suite.server.url}/api/watch/matches/${matchId}/deals/2`)).status).toBe(404);
  });
});
