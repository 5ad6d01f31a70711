// Arbitration replay benchmark: seeking to any position of a full match must take
// under 20 ms server-side. Builds the longest of a few random games played to past A, stores it
// in a real SQLite log, and times (1) building the replay index from the stored stream, (2) a
// seek (state at the position + the replay view with all four hands) at random positions, and
// (3) a seek that first checks the log for new events, as the replay service does per request.
// Prints its markdown section on stdout. Run with `npm run bench -- arbitration`.
import { createEventStore, SqliteEventLog } from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import { tablecastCatalog } from '@tablecast/games';
import {
  guandanCga2017 as cga2017,
  guandanModule,
  playRandomGuandanMatch as playRandomMatch,
  type GuandanEvent,
} from '@tablecast/games/testing';
import { ReplayIndex } from '@tablecast/replay';
import { replayView } from '@tablecast/server';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, markdownTable, sampleMicros, summarize } from './lib/stats';

const TARGET_MS = 20;

function longestGame(): readonly GuandanEvent[] {
  let longest: readonly GuandanEvent[] = [];
  for (let i = 0; i < 6; i += 1) {
    const played = playRandomMatch({
      ruleset: cga2017,
      format: { kind: 'toPastAce' },
      seed: `arb-bench-${String(i)}`,
    });
    if (played.ok && played.events.length > longest.length) longest = played.events;
  }
  return longest;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-arb-bench-'));
  const store = createEventStore<TablecastEvent>({
    log: new SqliteEventLog({ dataDir: dir, synchronous: 'normal' }),
    catalog: tablecastCatalog,
  });
  try {
    const game = longestGame();
    const meta = {
      correlationId: 'bench',
      causationId: null,
      actor: { id: 'operator:t1', role: 'operator' as const },
    };
    const stream = matchStream('BENCH1');
    for (let i = 0; i < game.length; i += 500) {
      await store.append(
        stream,
        game.slice(i, i + 500).map((e) => ({ ...e, metadata: meta })),
        i === 0 ? 'no_stream' : i - 1,
      );
    }
    const events = await store.readStream(stream);
    process.stderr.write(`arbitration bench: ${String(events.length)} events\n`);

    const build = sampleMicros(30, () => ReplayIndex.build(guandanModule, events), 5);
    const index = ReplayIndex.build(guandanModule, events);
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % events.length;
    };
    const seek = sampleMicros(5000, () => {
      const at = random();
      replayView('BENCH1', events, at, index.stateAt(at), null);
    });
    const checked: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const start = process.hrtime.bigint();
      const newer = await store.readStream(stream, { fromRevision: index.lastRevision + 1 });
      const at = random();
      replayView('BENCH1', newer.length === 0 ? events : [...events, ...newer], at, index.stateAt(at), null);
      checked.push(Number(process.hrtime.bigint() - start) / 1000);
    }

    const row = (name: string, samples: number[]): string[] => {
      const s = summarize(samples);
      const ms = (us: number): string => fmt(us / 1000, 3);
      if (name.startsWith('build')) return [name, String(s.count), ms(s.median), ms(s.p99), ms(s.max), '—'];
      return [
        name,
        String(s.count),
        ms(s.median),
        ms(s.p99),
        ms(s.max),
        s.p99 / 1000 < TARGET_MS ? `p99 < ${String(TARGET_MS)} ms ✓` : `✗ p99 over ${String(TARGET_MS)} ms`,
      ];
    };
    process.stdout.write(
      [
        '## Arbitration replay',
        '',
        `The longest of six random games to past A: ${String(events.length)} events, stored in SQLite and read back. Snapshots every 32 events; times in ms; load average ${fmt(loadavg()[0] ?? 0)} at the end of the run (the machine is shared: the max includes garbage collection and scheduling pauses).`,
        '',
        markdownTable(
          ['case', 'samples', 'median', 'p99', 'max', 'target (seek)'],
          [
            row('build the replay index from the stored stream (once per match)', build),
            row('seek: state at a random position + replay view (all four hands)', seek),
            row('seek as the service does it: check the log for new events, then seek', checked),
          ],
        ),
        '',
      ].join('\n'),
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
