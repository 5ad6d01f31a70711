/**
 * The gateway runs' publisher (bench/feeds.bench.ts): the venue frames a full server published for
 * a real match, recorded once from Kafka before any timing, then re-published to Kafka for each
 * gateway run at 20 frames/s. The gateway gets the same bytes, in the same order, on the same
 * topic, as from a full server playing the match live, so its work is identical; what changes is
 * core 1: the full server's match work (HTTP commands, rules, log, projections, ledger: 14-20 % of
 * that core) no longer runs there beside the spectators, which the bare server's runs never had.
 */
import { createKafkaBus, type FeedBus } from '@tablecast/bus';

/** The feed producer's topic prefix (apps/server FEED_TOPIC_PREFIX): the topics the gateway reads. */
const TOPIC_PREFIX = 'tablecast.feeds';
const ISO_TIME = /"recordedAt":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/g;

export interface FramePublisher {
  /**
   * Records the venue frames of `matchId` from Kafka while `play` makes the full server play it,
   * until `frames` have arrived (the first is the match's first frame).
   */
  record(matchId: string, frames: number, play: () => Promise<void>): Promise<void>;
  /** Publishes the recorded first frame as match `matchId`'s (the clients' snapshot). */
  publishFirst(matchId: string): Promise<void>;
  /**
   * The recorded frames after the first at `eventsPerSecond` for `playMs`: every frame due by now,
   * stamped with its due time (as the bare server sends them). Resolves with the seq of the last
   * frame sent and how many were sent.
   */
  replay(
    matchId: string,
    playMs: number,
    eventsPerSecond: number,
  ): Promise<{ sent: number; lastSeq: number }>;
  close(): Promise<void>;
}

export async function startFramePublisher(brokers: string, kafkaMaxWaitMs: number): Promise<FramePublisher> {
  const bus: FeedBus = await createKafkaBus({
    brokers: brokers.split(','),
    clientId: 'tablecast-bench-publisher',
    topicPrefix: TOPIC_PREFIX,
    // kafkajs cannot start an idempotent producer on librdkafka's mock cluster (it names no controller).
    idempotent: false,
    consumer: { maxWaitTimeMs: kafkaMaxWaitMs },
  });
  let recordedId = '';
  const frames: { seq: number; payload: string }[] = [];
  const asMatch = (payload: string, matchId: string, dueAt?: number): string => {
    const renamed = payload.split(`"${recordedId}"`).join(`"${matchId}"`);
    return dueAt === undefined
      ? renamed
      : renamed.replace(ISO_TIME, `"recordedAt":"${new Date(dueAt).toISOString()}"`);
  };
  return {
    async record(matchId, count, play) {
      recordedId = matchId;
      let arrived: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (arrived = resolve));
      const subscription = await bus.subscribe(
        (message) => {
          if (message.matchId !== matchId) return;
          const { seq, payload } = message;
          frames.push({ seq, payload: typeof payload === 'string' ? payload : payload.toString('utf8') });
          if (frames.length >= count) arrived();
        },
        { audiences: ['venue'] },
      );
      await play();
      await done;
      await subscription.close();
      if (frames.some((frame, i) => frame.seq !== (frames[0]?.seq ?? 0) + i))
        throw new Error(
          `recorded frames of ${matchId} are not consecutive: ${frames.map((f) => f.seq).join(',')}`,
        );
    },
    async publishFirst(matchId) {
      const [first] = frames;
      if (first === undefined) throw new Error('no frames recorded');
      await bus.publish({
        audience: 'venue',
        matchId,
        seq: first.seq,
        payload: asMatch(first.payload, matchId),
      });
    },
    replay(matchId, playMs, eventsPerSecond) {
      const startedAt = Date.now();
      let sent = 0;
      let lastSeq = frames[0]?.seq ?? 0;
      const publishing: Promise<void>[] = [];
      return new Promise((resolve, reject) => {
        const tick = (): void => {
          const due = Math.min(
            Math.floor(((Date.now() - startedAt) * eventsPerSecond) / 1000) + 1,
            frames.length - 1,
          );
          while (sent < due) {
            const frame = frames[sent + 1];
            if (frame === undefined) break;
            const dueAt = startedAt + (sent * 1000) / eventsPerSecond;
            publishing.push(
              bus.publish({
                audience: 'venue',
                matchId,
                seq: frame.seq,
                payload: asMatch(frame.payload, matchId, dueAt),
              }),
            );
            lastSeq = frame.seq;
            sent += 1;
          }
        };
        const timer = setInterval(tick, 1000 / eventsPerSecond);
        tick();
        setTimeout(() => {
          clearInterval(timer);
          Promise.all(publishing).then(() => {
            resolve({ sent, lastSeq });
          }, reject);
        }, playMs);
      });
    },
    close: () => bus.close(),
  };
}
