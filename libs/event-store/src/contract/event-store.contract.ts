import type { StoreTestEvent } from './store-catalog';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyStream } from '../chain/verify';
import { InvalidEventError, WrongExpectedRevisionError } from '../errors';
import type { EventStore, RecordedEvent } from '../event-store';
import { comparePositions } from '../position';
import { appealFiled, at, collect, numberedEvents, rulingIssued, statementOf, uniqueId } from './fixtures';
import { describeHeadCheck } from './head-check.contract';

export interface ContractHarness {
  readonly store: EventStore<StoreTestEvent>;
  /** A second, independent connection to the same log. */
  connectAgain(): Promise<EventStore<StoreTestEvent>>;
  teardown(): Promise<void>;
}

/**
 * The behaviour every adapter must show. SQLite runs it always; KurrentDB when EVENTSTORE_URL is
 * set. Streams are unique per test so a shared server needs no cleaning between tests.
 */
export function describeEventStoreContract(name: string, setup: () => Promise<ContractHarness>): void {
  describe(name, () => {
    let harness: ContractHarness;
    let store: EventStore<StoreTestEvent>;
    let matchId: string;
    let stream: string;

    beforeEach(async () => {
      harness = await setup();
      store = harness.store;
      matchId = uniqueId();
      stream = `match-${matchId}`;
    });
    afterEach(async () => {
      await harness.teardown();
    });

    /** Given: the stream already holds `count` events. */
    const givenStream = async (count: number): Promise<void> => {
      await store.append(stream, numberedEvents(matchId, count), 'no_stream');
    };

    describe('append', () => {
      it('starts a stream at revision 0 and returns the last revision and its global position', async () => {
        const first = await store.append(stream, numberedEvents(matchId, 3), 'no_stream');
        expect(first.nextRevision).toBe(2);
        const second = await store.append(stream, [appealFiled(matchId)], 2);
        expect(second.nextRevision).toBe(3);
        expect(comparePositions(second.position, first.position)).toBe(1);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
        expect(events[3]?.position).toEqual(second.position);
      });

      it('stamps the envelope: event id, recorded-at, schema version, actor, hash chain', async () => {
        const before = Date.now();
        await store.append(stream, numberedEvents(matchId, 2), 'no_stream');
        const [first, second] = await store.readStream(stream);
        expect(first?.metadata.eventId).toMatch(/^[0-9a-f-]{36}$/);
        expect(first?.metadata.eventId).not.toBe(second?.metadata.eventId);
        expect(Date.parse(first?.metadata.recordedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
        expect(first?.metadata.schemaVersion).toBe(2);
        expect(first?.metadata.actor).toEqual({ id: 'captain-east', role: 'captain' });
        expect(first?.metadata.prevHash).toBeNull();
        expect(second?.metadata.prevHash).toBe(first?.metadata.hash);
      });

      it('keeps a caller-supplied event id', async () => {
        const event = appealFiled(matchId);
        const eventId = '6f1c2a44-9a51-4c3e-9e83-0d2b7a1f0c11'.replace('0c11', matchId.slice(0, 4));
        await store.append(stream, [{ ...event, metadata: { ...event.metadata, eventId } }], 'any');
        expect((await store.readStream(stream))[0]?.metadata.eventId).toBe(eventId);
      });

      it('refuses a stale expected revision with a typed conflict and writes nothing', async () => {
        await givenStream(2);
        const attempt = store.append(stream, [appealFiled(matchId, 'late')], 0);
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(attempt).rejects.toMatchObject({ stream, expected: 0, actual: 1 });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('enforces no_stream, stream_exists and any', async () => {
        await expect(store.append(stream, [appealFiled(matchId)], 'stream_exists')).rejects.toMatchObject({
          actual: 'no_stream',
        });
        await store.append(stream, [appealFiled(matchId)], 'no_stream');
        await expect(store.append(stream, [appealFiled(matchId)], 'no_stream')).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect((await store.append(stream, [appealFiled(matchId)], 'stream_exists')).nextRevision).toBe(1);
        expect((await store.append(stream, [appealFiled(matchId)], 'any')).nextRevision).toBe(2);
        await expect(store.append(stream, [appealFiled(matchId)], 7)).rejects.toMatchObject({ actual: 2 });
      });

      it('lets exactly one of two writers with the same expected revision win, on two connections', async () => {
        await givenStream(1);
        const other = await harness.connectAgain();
        try {
          const results = await Promise.allSettled([
            store.append(stream, numberedEvents(matchId, 3), 0),
            other.append(stream, numberedEvents(matchId, 2), 0),
          ]);
          const won = results.filter((r) => r.status === 'fulfilled');
          const lost = results.filter((r) => r.status === 'rejected');
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(1);
          expect(lost[0]?.reason).toBeInstanceOf(WrongExpectedRevisionError);
          const length = (await store.readStream(stream)).length;
          expect([4, 3]).toContain(length);
          expect(verifyStream(stream, await store.log.readStream(stream)).ok).toBe(true);
        } finally {
          await other.close();
        }
      });
    });

    describe('validation before storage', () => {
      it('rejects a whole batch when one event breaks its schema, naming the field', async () => {
        const bad = appealFiled(matchId);
        const broken = { ...bad, data: { ...(bad.data as object), handNumber: 0 } } as typeof bad;
        const attempt = store.append(stream, [appealFiled(matchId), broken], 'no_stream');
        await expect(attempt).rejects.toBeInstanceOf(InvalidEventError);
        await expect(attempt).rejects.toThrow(/events\[1\]\.data\.handNumber/);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('rejects an unknown event type, naming type', async () => {
        const unknown = { ...appealFiled(matchId), type: 'CardsShuffledSecretly' } as unknown as ReturnType<
          typeof appealFiled
        >;
        await expect(store.append(stream, [unknown], 'any')).rejects.toThrow(
          /type: unknown event type "CardsShuffledSecretly"/,
        );
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('rejects an oversize payload, naming the largest field', async () => {
        const huge = appealFiled(matchId, 'x'.repeat(70_000));
        await expect(store.append(stream, [huge], 'any')).rejects.toThrow(
          /data\.statement.*over the 65536-byte limit/,
        );
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('rejects a malformed envelope and a reserved stream name', async () => {
        const event = appealFiled(matchId);
        const noActor = {
          ...event,
          metadata: { ...event.metadata, actor: { id: 'x', role: 'viewer' } },
        } as unknown as typeof event;
        await expect(store.append(stream, [noActor], 'any')).rejects.toThrow(/metadata\.actor\.role/);
        await expect(store.append('$system', [event], 'any')).rejects.toThrow(/stream: stream name/);
      });
    });

    describe('readStream', () => {
      it('reads forwards and backwards from a revision with a maximum count', async () => {
        await givenStream(6);
        const forwards = await store.readStream(stream, { fromRevision: 2, maxCount: 3 });
        expect(forwards.map((e) => e.revision)).toEqual([2, 3, 4]);
        const backwards = await store.readStream(stream, {
          direction: 'backwards',
          fromRevision: 4,
          maxCount: 2,
        });
        expect(backwards.map((e) => e.revision)).toEqual([4, 3]);
        const tail = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
        expect(tail.map((e) => statementOf(e))).toEqual(['statement #5']);
      });

      it('returns nothing for a stream that does not exist', async () => {
        expect(await store.readStream(`match-${uniqueId()}`)).toEqual([]);
      });
    });

    describe('readAll', () => {
      it('reads in global order from an inclusive position, interleaving streams', async () => {
        const otherStream = `match-${uniqueId()}`;
        const first = await store.append(stream, numberedEvents(matchId, 2), 'no_stream');
        await store.append(otherStream, [appealFiled(matchId)], 'no_stream');
        await store.append(stream, [appealFiled(matchId)], 1);
        const mine = (await collect(store.readAll({ fromPosition: first.position }))).filter(
          (e) => e.stream === stream || e.stream === otherStream,
        );
        expect(mine.map((e) => `${e.stream === stream ? 'a' : 'b'}${e.revision}`)).toEqual([
          'a1',
          'b0',
          'a2',
        ]);
        for (let i = 1; i < mine.length; i += 1) {
          expect(comparePositions(at(mine, i - 1).position, at(mine, i).position)).toBe(-1);
        }
        const limited = await collect(store.readAll({ fromPosition: first.position, maxCount: 1 }));
        expect(limited.map((e) => e.revision)).toEqual([1]);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up, then delivers live appends once each, in order', async () => {
        await givenStream(3);
        const start = at(await store.readStream(stream), 0).position;
        const subscription = store.subscribeToAll({ filter: { streamPrefixes: [stream] } });
        const received: RecordedEvent<StoreTestEvent>[] = [];
        const done = (async () => {
          for await (const event of subscription) {
            received.push(event);
            if (received.length === 8) break;
          }
        })();
        for (let i = 0; i < 5; i += 1) await store.append(stream, [appealFiled(matchId, `live ${i}`)], 2 + i);
        await done;
        await subscription.close();
        expect(received.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
        expect(received.map((e) => statementOf(e)).slice(3)).toEqual([
          'live 0',
          'live 1',
          'live 2',
          'live 3',
          'live 4',
        ]);
        expect(comparePositions(at(received, 0).position, start)).toBe(0);
      });

      it('resumes after a checkpoint without repeating the checkpointed event', async () => {
        await givenStream(4);
        const events = await store.readStream(stream);
        await store.saveCheckpoint(`projection-${matchId}`, at(events, 1).position);
        const from = await store.getCheckpoint(`projection-${matchId}`);
        expect(from).toEqual(at(events, 1).position);
        const subscription = store.subscribeToAll({
          fromPosition: from,
          filter: { streamPrefixes: [stream] },
        });
        const got = await collect(subscription, 2);
        await subscription.close();
        expect(got.map((e) => e.revision)).toEqual([2, 3]);
      });

      it('filters by event type', async () => {
        const appealId = `a${matchId}`;
        const appeal = `appeal-${appealId}`;
        await store.append(
          appeal,
          [appealFiled(matchId), rulingIssued(appealId, 'appeal-dismissed')],
          'no_stream',
        );
        const subscription = store.subscribeToAll({ filter: { eventTypes: ['RulingIssued'] } });
        const got: RecordedEvent<StoreTestEvent>[] = [];
        for await (const event of subscription) {
          if (event.stream === appeal) {
            got.push(event);
            break;
          }
        }
        await subscription.close();
        expect(got.map((e) => [e.type, e.revision])).toEqual([['RulingIssued', 1]]);
      });
    });

    describeHeadCheck(() => ({ store, matchId, stream }));

    describe('checkpoints', () => {
      it('returns undefined for an unknown consumer and the latest saved position otherwise', async () => {
        const name = `consumer-${matchId}`;
        expect(await store.getCheckpoint(name)).toBeUndefined();
        const a = await store.append(stream, [appealFiled(matchId)], 'no_stream');
        const b = await store.append(stream, [appealFiled(matchId)], 0);
        await store.saveCheckpoint(name, a.position);
        await store.saveCheckpoint(name, b.position);
        expect(await store.getCheckpoint(name)).toEqual(b.position);
      });
    });

    describe('tamper evidence and upcasting', () => {
      it('chains hashes across batches so the stream verifies', async () => {
        await givenStream(3);
        await store.append(stream, numberedEvents(matchId, 2), 2);
        const result = verifyStream(stream, await store.log.readStream(stream));
        expect(result).toEqual({ ok: true, events: 5, streams: 1 });
      });

      it('upgrades a v1 AppealFiled written under the old schema before a reader sees it', async () => {
        const appeal = `appeal-a${matchId}`;
        await store.log.append(
          appeal,
          [
            {
              type: 'AppealFiled',
              data: {
                appealId: `a${matchId}`,
                matchId,
                hand: 2,
                disputedRevisions: [7, 9],
                statement: '顺序错误',
              },
              metadata: {
                eventId: '0b0e9d52-2f7e-4f0e-8a66-6a1b2c3d4e5f',
                correlationId: 'c1',
                causationId: null,
                actor: { id: 'referee-1', role: 'referee' },
                recordedAt: '2026-05-01T09:30:00.000Z',
                schemaVersion: 1,
              },
            },
          ],
          'no_stream',
        );
        const [upgraded] = await store.readStream(appeal);
        expect(upgraded?.type).toBe('AppealFiled');
        expect(upgraded?.data).toEqual({
          appealId: `a${matchId}`,
          matchId,
          handNumber: 2,
          disputed: [
            { stream, revision: 7 },
            { stream, revision: 9 },
          ],
          statement: '顺序错误',
          language: 'zh-CN',
        });
        // The hash still covers the stored v1 bytes, not the upgraded view.
        expect(verifyStream(appeal, await store.log.readStream(appeal)).ok).toBe(true);
      });
    });
  });
}
