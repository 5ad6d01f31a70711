import { matchStream } from '@tablecast/events';
import { guandanBotGame, type GuandanEvent } from '@tablecast/games/testing';
import { openEmbeddedEventStore } from '@tablecast/server';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a built log holds, kept beside it so a later run reuses it instead of building it again. */
export interface BigLog {
  readonly dataDir: string;
  readonly events: number;
  readonly finishedMatches: number;
  readonly liveMatches: number;
  /** Seconds the build took (the run that built it; a reused log keeps its figure). */
  readonly buildSeconds: number;
}

const MANIFEST = 'big-log.json';
const BATCH = 1_000;

/**
 * A SQLite log of about `events` events in `dataDir`, written through the real event store (the
 * hash chain is real): finished Guandan matches, each a replay of one of a few recorded bot games
 * under its own match id, then `live` matches cut off mid-deal (still being played). Reused as it
 * is when `dataDir` already holds a log built for the same size; rebuilt otherwise.
 */
export async function bigLog(
  dataDir: string,
  events: number,
  live: number,
  progress: (line: string) => void,
): Promise<BigLog> {
  const manifestPath = join(dataDir, MANIFEST);
  if (existsSync(manifestPath)) {
    const built = JSON.parse(readFileSync(manifestPath, 'utf8')) as BigLog & { readonly target: number };
    // The folder may have been moved or copied since: the log is where it was found.
    if (built.target === events && built.liveMatches === live) return { ...built, dataDir };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  // A few recorded bot games to past A (a few thousand events each: every play of every deal).
  const games = ['big-log-a', 'big-log-b', 'big-log-c'].map((seed) => guandanBotGame(seed));
  const store = openEmbeddedEventStore(dataDir);
  const metadata = {
    correlationId: 'bench',
    causationId: null,
    actor: { id: 'bench', role: 'operator' as const },
  };
  let written = 0;
  let finished = 0;
  async function write(matchId: string, game: readonly GuandanEvent[]): Promise<void> {
    let expected: number | 'no_stream' = 'no_stream';
    for (let i = 0; i < game.length; i += BATCH) {
      const batch = game.slice(i, i + BATCH).map((event) => ({ ...event, metadata }));
      expected = (await store.append(matchStream(matchId), batch, expected)).nextRevision;
    }
    written += game.length;
  }
  try {
    let lastReport = 0;
    while (written < events) {
      await write(`big_${String(finished)}`, games[finished % games.length] ?? []);
      finished += 1;
      if (written - lastReport >= 250_000) {
        lastReport = written;
        progress(`big log: ${String(written)} events, ${String(finished)} matches`);
      }
    }
    for (let m = 0; m < live; m += 1) {
      const game = games[m % games.length] ?? [];
      await write(`live_${String(m)}`, game.slice(0, Math.floor(game.length / 2)));
    }
  } finally {
    await store.close();
  }
  const built = {
    dataDir,
    target: events,
    events: written,
    finishedMatches: finished,
    liveMatches: live,
    buildSeconds: (Date.now() - started) / 1000,
  };
  writeFileSync(manifestPath, JSON.stringify(built));
  return built;
}
