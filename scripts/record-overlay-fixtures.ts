/**
 * Records the overlay fixtures from a REAL server: starts the built server, plays a seeded
 * bot match through the HTTP API (with one referee warning), listens to the venue and broadcast
 * feeds over /ws, and keeps the frames of named scenes (a trick in progress, a bomb, the tribute
 * exchange, a deal's end, a penalty, the delay building) plus one contiguous run of messages for
 * the feed store's tests; and two short matches under other formats (GD-FMT-2…4) for the
 * scorebug's format progress. Nothing in the fixtures is written by hand.
 *
 *   npm run build && npm run fixtures -w @tablecast/overlays
 */
import type { FeedFrame, MatchView, ServerMessage } from '@tablecast/protocol';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import WebSocket from 'ws';
import { repoRoot } from '../e2e/support/repo';
import { startServerProcess } from '../e2e/support/server-process';
import { createSimulatedMatch } from '../e2e/support/simulated-match';

const OPERATOR = 'fixtures-operator-token-0001';
const REFEREE = 'fixtures-referee-token-00001';
const MATCH = 'fx_final';
const SEED = 'overlay-fixtures';
const out = join(repoRoot, 'overlays/src/lib/feed/fixtures/recorded-feed.json');

type Feed = 'venue' | 'broadcast';

/** Which frame of a feed a scene is: the first for which `pick` holds. */
const SCENES: Record<string, (view: MatchView) => boolean> = {
  trick: (v) =>
    v.hand?.phase === 'play' &&
    Object.values(v.actions).filter((a) => a !== null).length >= 3 &&
    Object.values(v.seats).some((s) => s.reported),
  bomb: (v) => v.moment?.kind === 'bomb' && v.moment.revision === v.revision,
  tribute: (v) => v.moment?.kind === 'tribute' && v.moment.revision === v.revision,
  handEnd: (v) => v.moment?.kind === 'handEnd' && v.moment.revision === v.revision,
  penalty: (v) => v.moment?.kind === 'penalty' && v.moment.revision === v.revision,
  // The first deal's order and salt revealed (DeckRevealed): the spectator site verifies it.
  revealed: (v) => (v.deck?.salt ?? null) !== null && (v.deck?.order ?? null) !== null,
};

/** Every message of one match's venue and broadcast feeds, as a client receives them. */
function listen(url: string, matchId: string): { received: Record<Feed, ServerMessage[]>; close(): void } {
  const received: Record<Feed, ServerMessage[]> = { venue: [], broadcast: [] };
  const sockets = (['venue', 'broadcast'] as const).map((feed) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: feed }));
    });
    socket.on('message', (data: Buffer) =>
      received[feed].push(JSON.parse(data.toString('utf8')) as ServerMessage),
    );
    return socket;
  });
  return {
    received,
    close: () => {
      for (const socket of sockets) socket.close();
    },
  };
}

const feedFrames = (messages: readonly ServerMessage[]): FeedFrame[] =>
  messages.filter((m): m is FeedFrame => m.type === 'feed');

/** Waits until both feeds of a match have shown `revision` (the broadcast is 1 s behind). */
async function caughtUp(received: Record<Feed, ServerMessage[]>, revision: number): Promise<void> {
  const shown = (feed: Feed): boolean =>
    received[feed].some((m) => m.type === 'feed' && m.view?.revision === revision);
  const deadline = Date.now() + 15_000;
  while (!(shown('venue') && shown('broadcast'))) {
    if (Date.now() > deadline) throw new Error('the feeds did not catch up with the match within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The venue and broadcast frames at the first broadcast view `pick` accepts. */
function sceneOf(
  received: Record<Feed, ServerMessage[]>,
  name: string,
  pick: (view: MatchView) => boolean,
): Record<Feed, FeedFrame> {
  const broadcast = feedFrames(received.broadcast).find((f) => f.view !== null && pick(f.view));
  if (!broadcast?.view) throw new Error(`no broadcast frame for scene "${name}"`);
  const revision = broadcast.view.revision;
  const venue = feedFrames(received.venue).find((f) => f.view?.revision === revision);
  if (!venue) throw new Error(`no venue frame at revision ${String(revision)}`);
  return { venue, broadcast };
}

/**
 * Scenes of two more matches for the scorebug's format progress: a 2-deal 计副制 game in its first
 * and its last deal (GD-FMT-2), and a 计时计副制 game of 90 minutes or 12 deals in play (GD-FMT-4).
 */
async function formatScenes(
  url: string,
  tokens: { operatorToken: string; refereeToken: string },
): Promise<Record<string, Record<Feed, FeedFrame>>> {
  const inPlay = (deal: number) => (v: MatchView) => v.hand?.number === deal && v.hand.phase === 'play';
  const deals = listen(url, 'fx_deals');
  const timed = listen(url, 'fx_timed');
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const dealsMatch = await createSimulatedMatch({
      url,
      matchId: 'fx_deals',
      seed: `${SEED}/deals`,
      format: { kind: 'fixedDeals', deals: 2 },
      ...tokens,
    });
    const { revision: dealsAt } = await dealsMatch.playUntil(
      (s) => s.hand?.number === 2 && s.hand.phase === 'play',
    );
    const timedMatch = await createSimulatedMatch({
      url,
      matchId: 'fx_timed',
      seed: `${SEED}/timed`,
      format: { kind: 'timedOrFixedDeals', deals: 12, minutes: 90 },
      ...tokens,
    });
    const { revision: timedAt } = await timedMatch.playUntil((s) => s.hand?.phase === 'play');
    await caughtUp(deals.received, dealsAt);
    await caughtUp(timed.received, timedAt);
    return {
      fixedDeals: sceneOf(deals.received, 'fixedDeals', inPlay(1)),
      lastDeal: sceneOf(deals.received, 'lastDeal', inPlay(2)),
      timed: sceneOf(timed.received, 'timed', inPlay(1)),
    };
  } finally {
    deals.close();
    timed.close();
  }
}

async function main(): Promise<void> {
  const server = await startServerProcess({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
    BROADCAST_DELAY_MS: '1000',
  });
  try {
    const match = await createSimulatedMatch({
      url: server.url,
      matchId: MATCH,
      seed: SEED,
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const received: Record<Feed, ServerMessage[]> = { venue: [], broadcast: [] };
    const sockets = (['venue', 'broadcast'] as const).map((feed) => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
      socket.on('open', () => {
        socket.send(JSON.stringify({ type: 'subscribe', matchId: MATCH, audience: feed }));
      });
      socket.on('message', (data: Buffer) =>
        received[feed].push(JSON.parse(data.toString('utf8')) as ServerMessage),
      );
      return socket;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Deal 1 to its end, then the tribute of deal 2 and some play, with a referee's warning in it.
    const { revision: warnedAt } = await match.playUntil(
      (s) => s.handsPlayed >= 1 && s.hand?.phase === 'play' && (s.hand.trick?.last ?? null) !== null,
    );
    const seat = (await match.playUntil(() => true)).state.hand?.turn ?? 'S';
    await match.referee({
      type: 'IssuePenalty',
      seat,
      sanction: 'warning',
      rule: 'GD-TIME-1',
      note: 'slow play',
    });
    await match.playUntil((_, revision) => revision >= warnedAt + 40);
    // Then on until somebody has bombed (GD-COMBO-8…10), and a few plays past it.
    const BOMBS = new Set(['bomb', 'straightFlush', 'fourJokers']);
    const bomb: { at: number | null } = { at: null };
    const { revision: last } = await match.playUntil((s, revision) => {
      if (bomb.at === null && BOMBS.has(s.hand?.trick?.last?.as.type ?? '')) bomb.at = revision;
      return bomb.at !== null && revision >= bomb.at + 3;
    });
    if (bomb.at === null) throw new Error(`the match ended without a bomb (seed ${SEED})`);

    const caughtUp = (feed: Feed): boolean =>
      received[feed].some((m) => m.type === 'feed' && m.view?.revision === last);
    const deadline = Date.now() + 15_000;
    while (!(caughtUp('venue') && caughtUp('broadcast'))) {
      if (Date.now() > deadline) throw new Error('the feeds did not catch up with the match within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const socket of sockets) socket.close();

    const frames = (feed: Feed): FeedFrame[] =>
      received[feed].filter((m): m is FeedFrame => m.type === 'feed');
    const scenes: Record<string, Record<Feed, FeedFrame>> = {};
    for (const [name, pick] of Object.entries(SCENES)) {
      const broadcast = frames('broadcast').find((f) => f.view !== null && pick(f.view));
      if (!broadcast?.view)
        throw new Error(`no broadcast frame for scene "${name}" in this match (seed ${SEED})`);
      const revision = broadcast.view.revision;
      const venue = frames('venue').find((f) => f.view?.revision === revision);
      if (!venue) throw new Error(`no venue frame at revision ${String(revision)}`);
      scenes[name] = { venue, broadcast };
    }
    const building = frames('broadcast').find((f) => f.status.state === 'delayBuilding');
    if (!building) throw new Error('the broadcast feed never showed its delay building');
    const lastOf = (feed: Feed): FeedFrame => {
      const frame = frames(feed).at(-1);
      if (!frame) throw new Error(`no ${feed} frames`);
      return frame;
    };
    scenes.latest = { venue: lastOf('venue'), broadcast: lastOf('broadcast') };
    Object.assign(scenes, await formatScenes(server.url, { operatorToken: OPERATOR, refereeToken: REFEREE }));

    // A contiguous run from the start of the broadcast feed (subscribed, building, then releases).
    const sequence = received.broadcast.slice(0, 40);
    const fixture = {
      recordedBy: 'scripts/record-overlay-fixtures.ts',
      matchId: MATCH,
      seed: SEED,
      broadcastDelayMs: 1000,
      building,
      scenes,
      sequence,
    };
    const text = JSON.stringify(fixture);
    const config = (await resolveConfig(out)) ?? {};
    writeFileSync(out, await format(text, { ...config, filepath: out }));
    process.stdout.write(
      `wrote ${out}: scenes ${Object.keys(scenes).join(', ')}; ${String(sequence.length)} messages in sequence; match at revision ${String(last)}\n`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
