// Scale benchmark.
// - Boot time: the `all` role (default configuration) on a SQLite log of 5 million events (finished
//   matches and a few live ones, built once through the real event store and cached outside the
//   repository), from process start to its first /readyz 200, with its checkpoints current.
// - Gateway memory: a gateway-only process (TABLECAST_ROLE=gateway) fed every audience of 10,000
//   matches over Kafka (kcat's mock cluster), then left idle; its resident memory against the 1 GB
//   target, with the frame windows bounded by FEED_WINDOW_BYTES (default) and unbounded.
// - api processes: 1, then 2 `TABLECAST_ROLE=api` processes on one shared SQLite log, bot matches
//   keyed closed-loop through them, each match on one process (lib/api-scale-section.ts);
//   SCALE_BENCH_API_CPU=<fraction of a core> gives each api process that CPU budget (a CPU cgroup
//   of its own; needs root), to compare 1 and 2 processes on equal budgets a 2-core machine can give
//   (unset: 0.5 below 4 cores; `none`: no budget).
// SCALE_BENCH_PARTS=boot, =gateway or =api runs one of them (default: all three). Prints its markdown section on stdout;
// progress on stderr. Run with `npm run bench -- scale`.
import { AUDIENCES, createKafkaBus } from '@tablecast/bus';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiScaleSection } from './lib/api-scale-section';
import { bigLog } from './lib/big-log';
import { timeBoot } from './lib/boot-timer';
import { BENCH_SERVER_ENV, pinned, rssMiB } from './lib/feeds-children';
import { freePort } from './lib/match-server';
import { stopProcess } from './lib/process';
import { fmt, markdownTable } from './lib/stats';

const PARTS = (process.env.SCALE_BENCH_PARTS ?? 'boot,gateway,api').split(',');
/** Events in the boot figure's log (about: whole matches are written). */
const BOOT_EVENTS = Number(process.env.SCALE_BENCH_BOOT_EVENTS ?? '5000000');
/** Matches still being played in it (cut off mid-deal): what the followers rebuild at boot. */
const BOOT_LIVE = Number(process.env.SCALE_BENCH_BOOT_LIVE ?? '20');
/** Built once and reused: outside the repository, named by its size. */
const BOOT_DIR =
  process.env.SCALE_BENCH_BOOT_DIR ??
  join(process.env.TMPDIR ?? tmpdir(), `tablecast-bench-${String(BOOT_EVENTS / 1e6)}m`);
const BOOT_RUNS = 3;
const BOOT_TARGET_S = 5;
const MATCHES = Number(process.env.SCALE_BENCH_MATCHES ?? '10000');
/** Frames per (match, audience): a few moves each, then the match sits idle. */
const FRAMES = Number(process.env.SCALE_BENCH_FRAMES ?? '8');
/** About a Guandan venue frame in mid-deal (the feeds benchmark's recorded match: 1.9-3.1 KB). */
const FRAME_BYTES = 2_500;
const TARGET_MIB = 1_024;
const REFEREE = 'scale-bench-referee-token';

function frame(matchId: string, audience: string, seq: number): Buffer {
  const head = `{"type":"feed","matchId":"${matchId}","audience":"${audience}","seq":${String(seq)},"pad":"`;
  return Buffer.from(`${head}${'x'.repeat(FRAME_BYTES - head.length - 2)}"}`);
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? '0');
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Row {
  readonly windows: string;
  readonly idleMiB: number;
  readonly fedMiB: number;
  readonly settledMiB: number;
  readonly seconds: number;
}

async function run(cluster: KafkaMockCluster, prefix: string, windowBytes: string | undefined): Promise<Row> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const brokers = cluster.brokers.join(',');
  const gateway = pinned(0, ['apps/server/dist/main.js'], {
    ...BENCH_SERVER_ENV,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TABLECAST_ROLE: 'gateway',
    TABLECAST_TOKENS: `referee=${REFEREE}`,
    KAFKA_BROKERS: brokers,
    KAFKA_CLIENT: 'confluent',
    KAFKA_TOPIC_PREFIX: prefix,
    KAFKA_MAX_WAIT_MS: '25',
    ...(windowBytes === undefined ? {} : { FEED_WINDOW_BYTES: windowBytes }),
  });
  try {
    await until(async () => (await fetch(`${url}/readyz`)).ok, 'the gateway ready', 120_000);
    const pid = gateway.pid ?? 0;
    const idleMiB = rssMiB(pid);
    const bus = await createKafkaBus({
      brokers: cluster.brokers,
      clientId: 'scale-bench',
      topicPrefix: prefix,
      idempotent: false,
      maxQueued: 1_000_000,
    });
    const started = Date.now();
    const total = MATCHES * AUDIENCES.length * FRAMES;
    for (let seq = 1; seq <= FRAMES; seq += 1) {
      const sends: Promise<void>[] = [];
      for (let m = 1; m <= MATCHES; m += 1) {
        const matchId = `scale_${String(m)}`;
        for (const audience of AUDIENCES)
          sends.push(bus.publish({ audience, matchId, seq, payload: frame(matchId, audience, seq) }));
      }
      await Promise.all(sends);
      process.stderr.write(`scale: ${windowBytes ?? 'default'} windows, seq ${String(seq)} published\n`);
    }
    await bus.close();
    await until(
      async () => (await metric(url, 'tablecast_feed_bus_lag_seconds_count')) >= total,
      `the gateway receiving ${String(total)} frames`,
      600_000,
    );
    const seconds = (Date.now() - started) / 1000;
    const fedMiB = rssMiB(pid);
    // Idle: nothing arrives any more; what it still holds after its collector has had time to run.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const settledMiB = rssMiB(pid);
    return {
      windows:
        windowBytes === undefined
          ? 'FEED_WINDOW_BYTES default (128 MiB)'
          : `FEED_WINDOW_BYTES=${windowBytes}`,
      idleMiB,
      fedMiB,
      settledMiB,
      seconds,
    };
  } finally {
    await stopProcess(gateway);
  }
}

const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The boot figure's section: the log built (or reused), one boot that brings its checkpoints up to date, then the timed ones. */
async function bootSection(): Promise<string> {
  const log = await bigLog(BOOT_DIR, BOOT_EVENTS, BOOT_LIVE, (line) =>
    process.stderr.write(`scale: ${line}\n`),
  );
  process.stderr.write(`scale: boot log ${JSON.stringify(log)}\n`);
  const first = await timeBoot(log.dataDir);
  process.stderr.write(`scale: first boot (checkpoints built) ${fmt(first / 1000, 1)} s\n`);
  const boots: number[] = [];
  for (let run = 0; run < BOOT_RUNS; run += 1) {
    boots.push(await timeBoot(log.dataDir));
    process.stderr.write(`scale: boot ${String(run + 1)} ${fmt((boots.at(-1) ?? 0) / 1000, 1)} s\n`);
  }
  const median = [...boots].sort((a, b) => a - b)[Math.floor(BOOT_RUNS / 2)] ?? 0;
  return [
    `Boot time: the \`all\` role (default configuration, \`node apps/server/dist/main.js\`) on a SQLite log of ${fmt(log.events, 0)} events (${fmt(log.finishedMatches, 0)} finished Guandan matches, each a replay of one of three recorded bot games under its own id, and ${fmt(log.liveMatches, 0)} matches cut off mid-deal), written once through the event store in ${fmt(log.buildSeconds, 0)} s and kept for later runs (in \`SCALE_BENCH_BOOT_DIR\`, else the temp folder's \`tablecast-bench-<millions>m\`; a path of this machine is not named here). From process start to the first \`/readyz\` 200, after a first boot that brought every checkpoint up to date (${fmt(first / 1000, 1)} s), then ${String(BOOT_RUNS)} boots. Load average at the end: ${loadAverage()} (the machine is shared and loaded: each figure includes waiting for a core).`,
    '',
    markdownTable(
      ['events', 'boot s (median of 3)', 'slowest s', `< ${String(BOOT_TARGET_S)} s`],
      [
        [
          fmt(log.events, 0),
          fmt(median / 1000, 1),
          fmt(Math.max(...boots) / 1000, 1),
          median / 1000 < BOOT_TARGET_S ? 'yes' : 'no',
        ],
      ],
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const sections: string[] = [];
  if (PARTS.includes('boot')) sections.push(await bootSection());
  if (PARTS.includes('gateway')) sections.push(await gatewaySection());
  if (PARTS.includes('api')) sections.push(await apiScaleSection(loadAverage));
  process.stdout.write(`${sections.join('\n\n')}\n`);
}

async function gatewaySection(): Promise<string> {
  const cluster = await startKafkaMockCluster();
  try {
    const prefixes = ['scale.bounded', 'scale.unbounded'];
    await Promise.all(prefixes.map((prefix) => cluster.createBusTopics(prefix)));
    const rows = [
      await run(cluster, 'scale.bounded', undefined),
      // The windows bounded only by their 4,096 frames: what every gateway held before the budget.
      await run(cluster, 'scale.unbounded', String(1024 ** 4)),
    ];
    const published = (MATCHES * AUDIENCES.length * FRAMES * FRAME_BYTES) / 2 ** 20;
    return [
      `Gateway memory: a gateway-only process (\`TABLECAST_ROLE=gateway\`, \`KAFKA_CLIENT=confluent\`) on core 0, fed over kcat's Kafka mock cluster the frames of ${fmt(MATCHES, 0)} matches, every audience (${String(AUDIENCES.length)}), ${String(FRAMES)} frames each of ${fmt(FRAME_BYTES, 0)} bytes (${fmt(published, 0)} MiB in all, published by this benchmark with kafkajs), and then left with no frame arriving and no client. Resident memory (VmRSS) before the first frame, once the last arrived, and 10 s later. Target: under ${fmt(TARGET_MIB, 0)} MiB with ${fmt(MATCHES, 0)} idle matches. Load average at the end: ${loadAverage()} (the machine is shared).`,
      '',
      markdownTable(
        [
          'frame windows',
          'RSS before MiB',
          'RSS fed MiB',
          'RSS idle MiB',
          `< ${fmt(TARGET_MIB, 0)} MiB`,
          'feed time s',
        ],
        rows.map((r) => [
          r.windows,
          fmt(r.idleMiB, 0),
          fmt(r.fedMiB, 0),
          fmt(r.settledMiB, 0),
          r.settledMiB < TARGET_MIB ? 'yes' : 'no',
          fmt(r.seconds, 1),
        ]),
      ),
    ].join('\n');
  } finally {
    await cluster.stop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(
    `scale bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
