/** The Kafka side of the feeds benchmark (bench/feeds.bench.ts): kcat's mock cluster and the full server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKafkaMockCluster } from '@tablecast/bus/testing';
import { BENCH_SERVER_ENV, pinned, waitForHealth } from './feeds-children';
import { freePort } from './match-server';
import { stopProcess } from './process';

export type BenchKafkaClient = 'confluent' | 'kafkajs';

/**
 * The Kafka client (KAFKA_CLIENT) of the full server and the gateway processes:
 * FEEDS_BENCH_KAFKA_CLIENT, default `confluent`, the client production should use (README): its
 * librdkafka fetches on native threads, where kafkajs' fetch loop costs an idle gateway's main
 * thread ~65-80 ms of CPU per second on the mock. `kafkajs` runs the same rows for comparison.
 */
export function benchKafkaClient(
  value = process.env.FEEDS_BENCH_KAFKA_CLIENT ?? 'confluent',
): BenchKafkaClient {
  if (value === 'confluent' || value === 'kafkajs') return value;
  throw new Error(`FEEDS_BENCH_KAFKA_CLIENT must be confluent or kafkajs, got ${JSON.stringify(value)}`);
}

/**
 * The scaled-out side: kcat's mock cluster and a full server (TABLECAST_ROLE=all with
 * KAFKA_BROKERS), both on the clients' core 1 (kcat inherits this process's affinity), so core 0
 * holds the gateway-only process alone. The full server plays one match whose frames are recorded
 * (bench/lib/feeds-replay.ts) and is stopped before the measured runs; kcat serves the whole run.
 */
export interface KafkaStack {
  readonly brokers: string;
  readonly url: string;
  readonly pid: number;
  /** Stops the full server; kcat keeps running. */
  stopFullServer(): Promise<void>;
  stop(): Promise<void>;
}

export async function startKafkaStack(operatorToken: string, kafkaMaxWaitMs: string): Promise<KafkaStack> {
  const cluster = await startKafkaMockCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-full-'));
  const port = await freePort();
  const brokers = cluster.brokers.join(',');
  const full = pinned(1, ['apps/server/dist/main.js'], {
    ...BENCH_SERVER_ENV,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TABLECAST_DATA_DIR: dataDir,
    TABLECAST_TOKENS: `operator:*=${operatorToken}`,
    BROADCAST_DELAY_MS: '120000',
    KAFKA_BROKERS: brokers,
    KAFKA_MAX_WAIT_MS: kafkaMaxWaitMs,
    KAFKA_CLIENT: benchKafkaClient(),
    // kafkajs cannot start an idempotent producer on the mock (it names no controller).
    KAFKA_IDEMPOTENT: String(benchKafkaClient() === 'confluent'),
  });
  const url = `http://127.0.0.1:${String(port)}`;
  await waitForHealth(url);
  let stopping = false;
  void cluster.exited.then((how) => {
    if (!stopping) process.stderr.write(`kcat's mock cluster exited early: ${how}\n`);
  });
  return {
    brokers,
    url,
    pid: full.pid ?? 0,
    stopFullServer: () => stopProcess(full),
    async stop() {
      stopping = true;
      await stopProcess(full);
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
