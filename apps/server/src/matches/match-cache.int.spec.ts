import { seededPrng, type Prng } from '@tablecast/cards';
import { positionToString } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { randomLegalGuandanCommand as randomLegalCommand } from '@tablecast/games/testing';
import type { ClientCommand, CommandAccepted, CommandRequest } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/roles';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { newMatchRequest, toClientCommand } from '../testing/match-client';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { foldMatch } from './loaded-match';
import { MatchCommandService } from './match-command.service';
import { StaleRevisionError } from './match.errors';

/**
 * The match service keeps each match's decision state in memory and extends it with the events it
 * appends, without reading them back. These tests hold it to the uncached
 * path: the answers carry what the store holds, the cache equals a fold of the stored stream, a
 * write by another writer invalidates it, and a restarted server rebuilds it from the log.
 */
const operator: Principal = { role: 'operator', table: '*', actorId: 'operator:cache-test' };

function parts(server: TestServer): { service: MatchCommandService; store: AppEventStore } {
  return { service: server.app.get(MatchCommandService), store: server.app.get<AppEventStore>(EVENT_STORE) };
}

/** Every request `next` sent, by idempotency key: a retry resends exactly what was first sent. */
const sentByKey = new Map<string, CommandRequest>();

function sentRequest(key: string): CommandRequest {
  const request = sentByKey.get(key);
  if (request === undefined) throw new Error(`no request was sent with key ${key}`);
  return request;
}

/** Sends the random legal bot's next command (or the next deal); null once the match has ended. */
async function next(
  service: MatchCommandService,
  matchId: string,
  prng: Prng,
  key: string,
): Promise<CommandAccepted | null> {
  const match = await service.get(matchId);
  if (match.state.status === 'ended') return null;
  const bot = randomLegalCommand(match.state, prng);
  const command: ClientCommand =
    bot === null ? { type: 'DealCards', seed: `${key}-deal` } : toClientCommand(bot);
  const request: CommandRequest = { revision: match.revision, idempotencyKey: key, command };
  sentByKey.set(key, request);
  return service.execute(matchId, request, operator);
}

describe('match state cache (real Nest app, real SQLite)', () => {
  it('every answer carries the stored events and position, and the cache equals a fold of the stored log', async () => {
    const server = await startTestServer();
    try {
      const { service, store } = parts(server);
      const created = await service.create(newMatchRequest('c_equal'), operator);
      const prng = seededPrng('cache-equal');
      const answers: CommandAccepted[] = [created];
      // Two whole deals: the second starts with tribute, so every kind of table event is covered.
      for (let sent = 0; sent < 1_000; sent += 1) {
        const before = answers[answers.length - 1]?.revision ?? 0;
        const answer = await next(service, 'c_equal', prng, `cache-equal-${String(sent)}`);
        if (answer === null) break;
        const stored = await store.readStream(matchStream('c_equal'), { fromRevision: before + 1 });
        expect(answer.events).toEqual(
          stored.map((event) => ({ type: event.type, revision: event.revision, data: event.data })),
        );
        const last = stored[stored.length - 1];
        if (last === undefined) throw new Error('an accepted command wrote nothing');
        expect(answer.position).toBe(positionToString(last.position));
        expect(answer.revision).toBe(last.revision);
        answers.push(answer);
      }
      expect((await service.get('c_equal')).state.status).toBe('ended');
      expect(answers.flatMap((a) => a.events.map((e) => e.type))).toContain('TributeGiven');

      const cached = await service.get('c_equal');
      const uncached = foldMatch('c_equal', await store.readStream(matchStream('c_equal')));
      expect(cached).toEqual(uncached);
      // A retry of any earlier key answers the original result, as the log rebuilds it.
      const retried = await service.execute('c_equal', sentRequest('cache-equal-3'), operator);
      expect(retried).toEqual({ ...answers[4], replayed: true });
    } finally {
      await server.stop();
    }
  });

  it('a write by another writer invalidates the cache: the stale command gets 409, the next one is decided on the log', async () => {
    const server = await startTestServer();
    try {
      const { service, store } = parts(server);
      await service.create(newMatchRequest('c_conflict'), operator);
      const prng = seededPrng('cache-conflict');
      await next(service, 'c_conflict', prng, 'cache-conflict-deal');
      const cached = await service.get('c_conflict');

      // Another writer (here straight to the store, as another process would) moves the stream on.
      const written = await store.append(
        matchStream('c_conflict'),
        [
          {
            type: 'PlayersLeftTable',
            data: { matchId: 'c_conflict' },
            metadata: { correlationId: 'other', causationId: null, actor: { id: 'other', role: 'referee' } },
          },
        ],
        cached.revision,
      );
      const bot = randomLegalCommand(cached.state, prng);
      if (bot === null) throw new Error('the bot has no command after the deal');
      const stale = service.execute(
        'c_conflict',
        { revision: cached.revision, idempotencyKey: 'conflict-stale', command: toClientCommand(bot) },
        operator,
      );
      await expect(stale).rejects.toBeInstanceOf(StaleRevisionError);

      const reloaded = await service.get('c_conflict');
      expect(reloaded.revision).toBe(written.nextRevision);
      expect(reloaded).toEqual(foldMatch('c_conflict', await store.readStream(matchStream('c_conflict'))));
      const accepted = await service.execute(
        'c_conflict',
        { revision: written.nextRevision, idempotencyKey: 'conflict-fresh', command: toClientCommand(bot) },
        operator,
      );
      expect(accepted.revision).toBeGreaterThan(written.nextRevision);
    } finally {
      await server.stop();
    }
  });

  it('a sender ahead of the cache (another process wrote) gets its command decided on the log, not a 409', async () => {
    const server = await startTestServer();
    try {
      const { service, store } = parts(server);
      await service.create(newMatchRequest('c_ahead'), operator);
      const prng = seededPrng('cache-ahead');
      await next(service, 'c_ahead', prng, 'cache-ahead-deal');
      const cached = await service.get('c_ahead');
      const written = await store.append(
        matchStream('c_ahead'),
        [
          {
            type: 'PlayersLeftTable',
            data: { matchId: 'c_ahead' },
            metadata: { correlationId: 'other', causationId: null, actor: { id: 'other', role: 'referee' } },
          },
        ],
        cached.revision,
      );
      const bot = randomLegalCommand(cached.state, prng);
      if (bot === null) throw new Error('the bot has no command after the deal');
      const accepted = await service.execute(
        'c_ahead',
        { revision: written.nextRevision, idempotencyKey: 'cache-ahead-play', command: toClientCommand(bot) },
        operator,
      );
      expect(accepted.revision).toBeGreaterThan(written.nextRevision);
      expect(await service.get('c_ahead')).toEqual(
        foldMatch('c_ahead', await store.readStream(matchStream('c_ahead'))),
      );
    } finally {
      await server.stop();
    }
  });

  it('a restarted server rebuilds the cache from the log: retries answer as before, play goes on', async () => {
    const first = await startTestServer();
    const prng = seededPrng('cache-restart');
    const answers: CommandAccepted[] = [];
    {
      const { service } = parts(first);
      await service.create(newMatchRequest('c_restart'), operator);
      for (let sent = 0; sent < 30; sent += 1) {
        const answer = await next(service, 'c_restart', prng, `cache-restart-${String(sent)}`);
        if (answer) answers.push(answer);
      }
    }
    const before = await parts(first).service.get('c_restart');
    await first.app.close();

    const second = await restartTestServer(first);
    try {
      const { service, store } = parts(second);
      const after = await service.get('c_restart');
      expect(after).toEqual(before);
      expect(after).toEqual(foldMatch('c_restart', await store.readStream(matchStream('c_restart'))));
      const retried = await service.execute('c_restart', sentRequest('cache-restart-7'), operator);
      expect(retried).toEqual({ ...answers[7], replayed: true });
      const more = await next(service, 'c_restart', prng, 'cache-restart-after');
      expect(more?.revision).toBeGreaterThan(before.revision);
    } finally {
      await second.stop();
    }
  });
});
