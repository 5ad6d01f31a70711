import { spawn, type ChildProcess } from 'node:child_process';
import { Kafka, logLevel } from 'kafkajs';
import { busTopics } from './topics';

/** A librdkafka mock cluster run by Debian's `kcat`, listening on loopback (tests only). */
export interface KafkaMockCluster {
  readonly brokers: string[];
  /** kcat's pid, and how it exited ("code 1", "SIGKILL"), once it has: a run that loses its mock can say why. */
  readonly pid: number | undefined;
  readonly exited: Promise<string>;
  /**
   * Creates the bus topics of a prefix (`<prefix>.<audience>`), as an operator's topic job does
   * on a real cluster: a bus refuses to start without them. The mock has no createTopics; it
   * creates a topic when a metadata request names it and allows auto-creation.
   */
  createBusTopics(prefix: string): Promise<void>;
  /** Creates these topics (the same way). */
  createTopics(topics: readonly string[]): Promise<void>;
  /**
   * Records ever written to a topic (the sum of its partitions' end offsets), repeats included:
   * what a test counts to prove a publisher wrote each record once.
   */
  recordsWritten(topic: string): Promise<number>;
  stop(): Promise<void>;
}

/** The server's default KAFKA_TOPIC_PREFIX: its bus topics exist on every mock from the start. */
export const DEFAULT_MOCK_TOPIC_PREFIX = 'tablecast.feeds';

const INSTALL_HINT = 'run `bash scripts/ensure-test-deps.sh` (it installs kcat with apt-get)';
// kcat logs "... replaced with 127.0.0.1:<port>" once the mock's bootstrap listener is up.
const BOOTSTRAP = /replaced with (127\.0\.0\.1:\d+)/;

/**
 * Starts `kcat` as a consumer of a throwaway topic with `test.mock.num.brokers`, which makes
 * librdkafka serve a real Kafka wire protocol in memory (its limits: topics are auto-created with
 * 4 partitions, and there is no admin createTopics). Fails, never skips, without kcat.
 */
export function startKafkaMockCluster(
  options: { readonly command?: string; readonly timeoutMs?: number } = {},
): Promise<KafkaMockCluster> {
  const { command = 'kcat', timeoutMs = 10_000 } = options;
  const child = spawn(
    command,
    [
      '-C',
      '-b',
      '127.0.0.1:1',
      '-t',
      'tablecast-mock-bootstrap',
      '-X',
      'test.mock.num.brokers=1',
      '-X',
      'debug=mock',
      '-o',
      'end',
      '-q',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let log = '';
    const fail = (problem: string): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`Kafka mock cluster: ${problem}`));
    };
    const timer = setTimeout(() => {
      fail(`kcat printed no bootstrap address within ${timeoutMs} ms; its log began: ${log.slice(0, 500)}`);
    }, timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      fail(
        error.code === 'ENOENT'
          ? `kcat is not installed; ${INSTALL_HINT}`
          : `cannot start kcat: ${error.message}`,
      );
    });
    child.once('exit', (code, signal) => {
      fail(`kcat exited (${signal ?? `code ${String(code)}`}) before the mock was up: ${log.slice(0, 500)}`);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', function watch(chunk: string) {
      log += chunk;
      const match = BOOTSTRAP.exec(log);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const exited = new Promise<string>((resolveExit) => {
        child.once('exit', (code, signal) => {
          resolveExit(signal ?? `code ${String(code)}`);
        });
      });
      // The debug log keeps coming for every request; keep draining it so kcat never blocks.
      child.stderr.off('data', watch);
      child.stderr.resume();
      const brokers = [match[1]];
      const createTopics = (topics: readonly string[]): Promise<void> =>
        createTopicsOnMock(brokers, [...topics]);
      const createBusTopics = (prefix: string): Promise<void> => createTopics(busTopics(prefix));
      createBusTopics(DEFAULT_MOCK_TOPIC_PREFIX).then(
        () => {
          resolve({
            brokers,
            pid: child.pid,
            exited,
            createBusTopics,
            createTopics,
            recordsWritten: (topic) => recordsWrittenOnMock(brokers, topic),
            stop: () => stop(child),
          });
        },
        (error: unknown) => {
          child.kill('SIGKILL');
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  const killLater = setTimeout(() => {
    child.kill('SIGKILL');
  }, 3_000);
  await exited;
  clearTimeout(killLater);
}

async function createTopicsOnMock(brokers: string[], topics: string[]): Promise<void> {
  const admin = new Kafka({ clientId: 'mock-topics', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    // kafkajs' admin asks with allowAutoTopicCreation (its default), which the mock honours.
    await admin.fetchTopicMetadata({ topics });
  } finally {
    await admin.disconnect();
  }
}

async function recordsWrittenOnMock(brokers: string[], topic: string): Promise<number> {
  const admin = new Kafka({ clientId: 'mock-offsets', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const partitions = await admin.fetchTopicOffsets(topic);
    return partitions.reduce((sum, partition) => sum + Number(partition.high), 0);
  } finally {
    await admin.disconnect();
  }
}
