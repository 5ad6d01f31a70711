/**
 * Records the overlay fixtures (issue 8) from a REAL server: starts the built server, plays a seeded
 * bot match through the HTTP API (with one referee warning), listens to the venue and broadcast
 * feeds over /ws, and keeps the frames of named scenes (a trick in progress, a bomb, the tribute
 * exchange, a deal's end, a penalty, the delay building) plus one contiguous run of messages for
 * the feed store's tests. Nothing in the fixtures is written by hand.
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
