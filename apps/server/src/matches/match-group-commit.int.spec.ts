import { seededPrng } from '@tablecast/cards';
import { SqliteEventLog } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { randomLegalGuandanCommand as randomLegalCommand } from '@tablecast/games/testing';
import type { CommandAccepted } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/roles';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { newMatchRequest, toClientCommand } from '../testing/match-client';
import { startTestServer } from '../testing/test-server';
import { foldMatch } from './loaded-match';
import { MatchCommandService } from './match-command.service';
import { StaleRevisionError } from './match.errors';

/**
 * The served SQLite log commits the appends made in one turn of the event loop together. These
 * tests hold the match service to the same answers as with a commit per command: each command
 * is checked against its own match's revision, and a conflict refuses only that command.
 */
const operator: Principal = { role: 'operator', table: '*', actorId: 'operator:group-commit-test' };

describe('match commands on a group-committing log (real Nest app, real SQLite)', () => {
  it('commands of different matches in one turn share a commit; a conflict refuses only its own command (409)', async () => {
    const server = await startTestServer();
    try {
      const service = server.app.get(MatchCommandService);
      const store = server.app.get<AppEventStore>(EVENT_STORE);
      const log = store.log;
      if (!(log instanceof SqliteEventLog)) throw new Error('the test server runs on the embedded log');
      const dealt = new Map<string, number>();
      for (const matchId of ['g_a', 'g_b', 'g_c']) {
        await service.create(newMatchRequest(matchId), operator);
        const answer = await service.execute(
          matchId,
          {
            revision: 0,
            idempotencyKey: `${matchId}-deal`,
            command: { type: 'DealCards', seed: `${matchId}-seed` },
          },
          operator,
        );
        dealt.set(matchId, answer.revision);
      }
      const commandFor = async (matchId: string, key: string) => {
        const match = await service.get(matchId);
        const bot = randomLegalCommand(match.state, seededPrng(key));
        if (bot === null) throw new Error(`${matchId}: the bot has no command after the deal`);
        return { revision: match.revision, idempotencyKey: key, command: toClientCommand(bot) };
      };
      const requests = {
        g_a: await commandFor('g_a', 'g_a-command-1'),
        g_b: await commandFor('g_b', 'g_b-command-1'),
        g_c: await commandFor('g_c', 'g_c-command-1'),
      };
      const before = log.groupCommitTotals();

      // One turn: another writer (straight to the store, as another process would) moves g_b on,
      // and the three matches' commands arrive, g_b's decided on the revision before that write.
      const other = store.append(
        matchStream('g_b'),
        [
          {
            type: 'PlayersLeftTable',
            data: { matchId: 'g_b' },
            metadata: { correlationId: 'other', causationId: null, actor: { id: 'other', role: 'referee' } },
          },
        ],
        dealt.get('g_b') ?? -1,
      );
      const answers = await Promise.allSettled([
        service.execute('g_a', requests.g_a, operator),
        service.execute('g_b', requests.g_b, operator),
        service.execute('g_c', requests.g_c, operator),
      ]);
      await other;

      const after = log.groupCommitTotals();
      expect({ commits: after.commits - before.commits, appends: after.appends - before.appends }).toEqual({
        commits: 1,
        appends: 4,
      });
      const [a, b, c] = answers;
      expect(b.status === 'rejected' ? b.reason : b).toBeInstanceOf(StaleRevisionError);
      for (const [matchId, answer] of [
        ['g_a', a],
        ['g_c', c],
      ] as const) {
        if (answer.status !== 'fulfilled') throw new Error(`${matchId}: ${String(answer.reason)}`);
        const accepted: CommandAccepted = answer.value;
        expect(accepted.revision).toBeGreaterThan(dealt.get(matchId) ?? Infinity);
        // The answer and the cache agree with the committed log.
        const stored = await store.readStream(matchStream(matchId));
        expect(stored.at(-1)?.revision).toBe(accepted.revision);
        expect(await service.get(matchId)).toEqual(foldMatch(matchId, stored));
      }
      // g_b holds the other writer's event and not the refused command's.
      const storedB = await store.readStream(matchStream('g_b'));
      expect(storedB.slice((dealt.get('g_b') ?? 0) + 1).map((e) => e.type)).toEqual(['PlayersLeftTable']);
      expect(await service.get('g_b')).toEqual(foldMatch('g_b', storedB));
    } finally {
      await server.stop();
    }
  });
});
