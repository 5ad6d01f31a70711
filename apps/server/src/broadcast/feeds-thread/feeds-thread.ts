import type { Logger } from '@nestjs/common';
import { relayMessagePort, type FeedBus, type MessagePortRelay } from '@tablecast/bus';
import { onAppend } from '@tablecast/event-store';
import { extname, join } from 'node:path';
import { createRequire } from 'node:module';
import { MessageChannel, Worker, type WorkerOptions } from 'node:worker_threads';
import type { AppConfig } from '../../config';
import type { ReadinessCheck } from '../../health/readiness.service';
import type { DirectorFrame } from '../director-frame';
import { noteEncodedFrame } from '../encoded-frames';
import type { FeedReadQuery, FeedsThreadData, FromFeedsThread, ToFeedsThread } from './feeds-thread.protocol';
import { FeedsThreadUnavailableError } from './feeds-thread-unavailable.error';
import { PendingReads } from './pending-reads';

/** The restart backoff after the thread died: doubled each time it dies again before it started. */
const FIRST_RESTART_MS = 250;
const LONGEST_RESTART_MS = 10_000;

export interface FeedsThreadOptions {
  /** The database file of the log the host appends to: each of its commits wakes the thread. */
  readonly logFile: string | undefined;
  readonly logger: Pick<Logger, 'log' | 'warn' | 'error'>;
  /** How long a read waits for the thread's answer (READ_ANSWER_MS unless a test says). */
  readonly readAnswerMs?: number;
}

/**
 * FEEDS_THREAD=worker: the `all` role's feed producer in a worker thread of this process
 * (feeds-thread.worker.ts), its frames relayed into `bus` (the in-process bus the gateways, the
 * director and the program subscribe to). A thread that dies is not ready and is started again,
 * after a backoff; the new one resumes every feed from the ledger's checkpoints, so nothing is
 * released early and nothing recorded is sent twice (TC-FEED-3 across a restart).
 */
export class FeedsThread {
  private worker: Worker | undefined;
  private relay: MessagePortRelay | undefined;
  private started = false;
  private stopping = false;
  private failure: string | null = null;
  private clockHealthy = true;
  private deaths = 0;
  private lastExit: string | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly stopWaking: () => void;
  private wakePending = false;
  private firstStart: Promise<void> | undefined;
  private spawned = false;
  private readonly reads: PendingReads;
  /** Each match's delay in force as the thread last told it (kept across its restarts: the log decides it). */
  private readonly delays = new Map<string, number>();

  constructor(
    private readonly config: AppConfig,
    private readonly bus: FeedBus,
    private readonly options: FeedsThreadOptions,
  ) {
    this.reads = new PendingReads(options.readAnswerMs);
    this.stopWaking =
      options.logFile === undefined
        ? () => undefined
        : onAppend(options.logFile, () => {
            this.wake();
          });
  }

  /** Starts the thread; resolves once it caught up and follows the log live. */
  start(): Promise<void> {
    this.firstStart ??= this.spawn();
    return this.firstStart;
  }

  /** The `feeds` readiness check: the thread alive and caught up, and its producer healthy. */
  readiness(): ReadinessCheck {
    if (!this.started) {
      const why = this.lastExit === undefined ? 'starting' : `restarting after ${this.lastExit}`;
      return { name: 'feeds', ok: false, detail: `feeds thread ${why}` };
    }
    if (this.failure !== null) {
      return { name: 'feeds', ok: false, detail: `log subscription failed: ${this.failure}` };
    }
    if (!this.clockHealthy) {
      return { name: 'feeds', ok: false, detail: 'release clock disagrees with the monotonic clock' };
    }
    return { name: 'feeds', ok: true, detail: 'feeds thread' };
  }

  /** Stops the producer (its last turn written and relayed), then the thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.stopWaking();
    const worker = this.worker;
    if (worker === undefined) return;
    const exited = new Promise<void>((resolve) =>
      worker.once('exit', () => {
        resolve();
      }),
    );
    this.send({ kind: 'stop' });
    await exited;
    this.relay?.close();
  }

  /**
   * Asks the thread's producer (FeedsThreadReads says what). Refused with a 503 while the thread is
   * not running (restarting, stopped) or when it does not answer in time.
   */
  read(query: FeedReadQuery): Promise<unknown> {
    const worker = this.worker;
    if (!this.started || worker === undefined) {
      const why = this.stopping
        ? 'stopped'
        : this.lastExit === undefined
          ? 'starting'
          : `restarting after ${this.lastExit}`;
      return Promise.reject(
        new FeedsThreadUnavailableError(
          `the feeds thread is ${why}: ${query.method} not answered; ask again`,
        ),
      );
    }
    return this.reads.ask(query, (id) => {
      const message: ToFeedsThread = { kind: 'read', id, query };
      worker.postMessage(message);
    });
  }

  /** The match's delay in force as the thread last told it; undefined if it never did (the default). */
  delayOf(matchId: string): number | undefined {
    return this.delays.get(matchId);
  }

  /** The thread's id, for a test that stops it the hard way. */
  get threadId(): number | undefined {
    return this.worker?.threadId;
  }

  /** Ends the thread at once, as a crash would (a drill; the host restarts it). */
  terminate(): Promise<number> {
    return this.worker?.terminate() ?? Promise.resolve(0);
  }

  private spawn(): Promise<void> {
    const { port1, port2 } = new MessageChannel();
    this.relay = relayMessagePort(port2, this.bus, {
      onError: (error) => {
        this.options.logger.warn(error.message);
      },
      // The director's fields of a broadcast frame, which its bus handler reads (decodeFrame).
      onBeside: (message, beside) => {
        if (typeof message.payload !== 'string') noteEncodedFrame(message.payload, beside as DirectorFrame);
      },
    });
    const data: FeedsThreadData = { config: this.config, frames: port1, firstInProcess: !this.spawned };
    this.spawned = true;
    const worker = newWorker({ workerData: data, transferList: [port1] });
    this.worker = worker;
    return new Promise<void>((resolve) => {
      worker.on('message', (message: FromFeedsThread) => {
        if (message.kind === 'started') {
          this.started = true;
          this.deaths = 0;
          resolve();
        } else if (message.kind === 'health') {
          this.failure = message.failure;
          this.clockHealthy = message.clockHealthy;
        } else if (message.kind === 'answer') {
          this.reads.answered(message.id, message.value);
        } else if (message.kind === 'refused') {
          this.reads.refused(message.id, message.message);
        } else if (message.kind === 'delays') {
          for (const [matchId, delayMs] of message.delays) this.delays.set(matchId, delayMs);
        }
      });
      worker.on('error', (error) => {
        this.lastExit = error.message;
        this.options.logger.error(`feeds thread failed: ${error.message}`);
      });
      worker.once('exit', (code) => {
        this.started = false;
        this.worker = undefined;
        this.reads.failAll(this.stopping ? 'stopped' : (this.lastExit ?? `exit code ${String(code)}`));
        if (this.stopping) {
          resolve();
          return;
        }
        this.lastExit ??= `exit code ${String(code)}`;
        this.scheduleRestart();
        // The first start resolves with the restarted thread's.
        void this.restarted.then(resolve);
      });
    });
  }

  private restarted: Promise<void> = Promise.resolve();

  private scheduleRestart(): void {
    const wait = Math.min(LONGEST_RESTART_MS, FIRST_RESTART_MS * 2 ** this.deaths);
    this.deaths += 1;
    this.options.logger.warn(`feeds thread stopped (${this.lastExit ?? ''}): restart in ${String(wait)} ms`);
    this.relay?.close();
    this.restarted = new Promise<void>((resolve) => {
      this.restartTimer = setTimeout(() => {
        if (this.stopping) {
          resolve();
          return;
        }
        this.lastExit = undefined;
        void this.spawn().then(resolve);
      }, wait);
    });
  }

  /** One wake per turn of the event loop, however many commits it made. */
  private wake(): void {
    if (this.wakePending || this.worker === undefined) return;
    this.wakePending = true;
    setImmediate(() => {
      this.wakePending = false;
      this.send({ kind: 'appended' });
    });
  }

  private send(message: ToFeedsThread): void {
    this.worker?.postMessage(message);
  }
}

/**
 * The worker beside this file: `.js` from dist/; the `.ts` source under the test runner, loaded
 * through tsx's require hook (a worker's `--import` of a loader needs a newer Node than 20).
 */
function newWorker(options: WorkerOptions): Worker {
  const entry = join(__dirname, `feeds-thread.worker${extname(__filename)}`);
  if (extname(__filename) !== '.ts') return new Worker(entry, options);
  const tsx = createRequire(__filename).resolve('tsx/cjs');
  // The server's tsconfig: Nest's parameter decorators need its experimentalDecorators.
  const tsconfig = join(__dirname, '..', '..', '..', 'tsconfig.json');
  const source = [
    `process.env.TSX_TSCONFIG_PATH = ${JSON.stringify(tsconfig)};`,
    `require(${JSON.stringify(tsx)});`,
    `require(${JSON.stringify(entry)});`,
  ].join('\n');
  return new Worker(source, {
    ...options,
    eval: true,
  });
}
