/** The Kafka side of the feeds benchmark (bench/feeds.bench.ts): kcat's mock cluster and the full server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { startKafkaMockCluster } from '../../libs/broadcast/src/bus/kafka/kafka-mock-cluster';
import { pinned, waitForHealth } from './feeds-children';
import { freePort } from './match-server';
import { stopProcess } from './process';

/**
 * The scaled-out side: kcat's mock cluster and a full server (TABLECAST_ROLE=all with
 * KAFKA_BROKERS) that plays the matches, both on the clients' core 1 (kcat inherits this
 * process's affinity), so core 0 holds the gateway-only process alone. One for the whole run: each
 * gateway run plays a match of its own on it.
 */
export interface KafkaStack {
  readonly brokers: string;
  readonly url: string;
  readonly pid: number;
  /**
   * Freezes the full server (SIGSTOP) while the bare and one-process servers are measured: idle,
   * it still polls Kafka every KAFKA_MAX_WAIT_MS on the clients' core.
   */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startKafkaStack(operatorToken: string, kafkaMaxWaitMs: string): Promise<KafkaStack> {
  const cluster = await startKafkaMockCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-full-'));
  const port = await freePort();
  const brokers = cluster.brokers.join(',');
  const full = pinned(1, ['apps/server/dist/main.js'], {
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TABLECAST_DATA_DIR: dataDir,
    TABLECAST_TOKENS: `operator:*=${operatorToken}`,
    BROADCAST_DELAY_MS: '120000',
    KAFKA_BROKERS: brokers,
    KAFKA_MAX_WAIT_MS: kafkaMaxWaitMs,
  });
  const url = `http://127.0.0.1:${String(port)}`;
  await waitForHealth(url);
  let stopping = false;
  void cluster.exited.then((how) => {
    if (!stopping) process.stderr.write(`kcat's mock cluster exited early: ${how}\n`);
  });
  // Only the full server: a kcat frozen for a bare and a one-process run (20-30 s) exited with
  // code 1 when it was let go. With the full server frozen and no gateway running, no client
  // fetches from kcat, so it idles anyway.
  const signal = (name: NodeJS.Signals): void => {
    full.kill(name);
  };
  return {
    brokers,
    url,
    pid: full.pid ?? 0,
    pause: () => {
      signal('SIGSTOP');
    },
    resume: () => {
      signal('SIGCONT');
    },
    async stop() {
      stopping = true;
      signal('SIGCONT');
      await stopProcess(full);
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the gateway holds the match's feed (its first frame came over Kafka). */
export async function firstFrameAt(wsUrl: string, matchId: string): Promise<void> {
  const socket = new WebSocket(wsUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no frame of ${matchId} from the gateway within 30 s`));
      }, 30_000);
      socket.on('message', (data: Buffer) => {
        if (!data.toString('utf8').startsWith('{"type":"feed"')) return;
        clearTimeout(timer);
        resolve();
      });
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'venue' }));
      });
      socket.once('error', reject);
    });
  } finally {
    socket.terminate();
  }
}
