import { seededPrng } from '@tablecast/cards';
import { randomLegalB2Command, type BigTwoState } from '@tablecast/bigtwo';
import { matchStream } from '@tablecast/events';
import type { CommandAccepted } from '@tablecast/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient, type ApiResponse, newBigTwoMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { MatchCommandService } from './match-command.service';

/**
 * Big Two through the same command path as the other games: created over HTTP with
 * `game: 'bigtwo'`, every command read by its module's command schema, decided by its module and
 * stored in the real SQLite log.
 */
const MATCH = 'b2_final_t1';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function stateOf(server: TestServer): Promise<{ revision: number; state: BigTwoState }> {
  const match = await server.app.get(MatchCommandService).read(MATCH);
  expect(match.game).toBe('bigtwo');
  return { revision: match.revision, state: match.state as BigTwoState };
}

let key = 0;
function command(
  client: MatchClient,
  revision: number,
  sent: Record<string, unknown>,
): Promise<ApiResponse<CommandAccepted & { rule?: string }>> {
  key += 1;
  return client.request('POST', `/api/matches/${MATCH}/commands`, {
    game: 'bigtwo',
    revision,
    idempotencyKey: `b2-key-${String(key).padStart(4, '0')}`,
    command: sent,
  });
}

async function accepted(
  client: MatchClient,
  revision: number,
  sent: Record<string, unknown>,
): Promise<number> {
  const answer = await command(client, revision, sent);
  expect(answer.status, `${JSON.stringify(sent)}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.revision;
}

describe('a Big Two match over HTTP (real server, real SQLite)', () => {
  it('deals, shows, doubles and plays a board to its end by HTTP commands; 422 names the B2 rule, 400 the field', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<CommandAccepted>(
      'POST',
      '/api/matches',
      newBigTwoMatchRequest(MATCH, 't1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.events[0]?.data).toMatchObject({
      game: 'bigtwo',
      seats: ['S', 'E', 'N', 'W'],
      table: 't1',
    });

    let revision = await accepted(operator, 0, { type: 'DealBoard', board: 1, seed: 'b2-final-board-1' });
    const dealt = (await stateOf(server)).state.board;
    expect(dealt?.phase).toBe('showing');
    const first = dealt?.firstSeat ?? 'S';
    expect(dealt?.hands[first]).toContain('D3');

    // B2-DBL-1: nobody doubles before the show choices are in.
    const early = await command(operator, revision, { type: 'Double', seat: first, double: true });
    expect(early.status).toBe(422);
    expect(early.body.rule).toBe('B2-DBL-1');
    // Malformed for Big Two (a Dou Dizhu seat): a 400 naming the field.
    const malformed = await command(operator, revision, { type: 'Show', seat: 0, show: true });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('command.seat');

    // B2-SHOW-1: E shows his hand, the others keep theirs.
    for (const seat of ['S', 'E', 'N', 'W']) {
      revision = await accepted(operator, revision, { type: 'Show', seat, show: seat === 'E' });
    }
    const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
    const shown = log.find((event): boolean => event.type === 'bigtwo.HandShown');
    expect((shown?.data as { cards: string[] } | undefined)?.cards).toHaveLength(13);

    // B2-DBL-1: in turn from 首家; the first doubles.
    let seat = first;
    for (let i = 0; i < 4; i += 1) {
      revision = await accepted(operator, revision, { type: 'Double', seat, double: i === 0 });
      seat = (await stateOf(server)).state.board?.turn ?? seat;
    }
    expect((await stateOf(server)).state.board).toMatchObject({ phase: 'play', turn: first });

    // B2-PLAY-1: the first lead must hold ♦3.
    const hand = (await stateOf(server)).state.board?.hands[first] ?? [];
    const withoutD3 = hand.find((card) => card !== 'D3') ?? 'S2';
    const wrongLead = await command(operator, revision, {
      type: 'PlayCards',
      seat: first,
      cards: [withoutD3],
    });
    expect(wrongLead.status).toBe(422);
    expect(wrongLead.body.rule).toBe('B2-PLAY-1');

    const prng = seededPrng('b2-final-play');
    let plays = 0;
    for (;;) {
      const { state } = await stateOf(server);
      if (state.status !== 'inBoard') break;
      const next = randomLegalB2Command(state, prng, { timeoutPerMille: 0 });
      if (next === null) break;
      revision = await accepted(operator, revision, next as unknown as Record<string, unknown>);
      plays += 1;
    }
    expect(plays).toBeGreaterThan(5);
    const ended = await stateOf(server);
    expect(ended.state.status).toBe('betweenBoards');
    const result = ended.state.board?.result;
    expect(result?.showed).toMatchObject({ E: true });
    expect(result?.doubled[first]).toBe(true);
    const scores = result === null || result === undefined ? [] : Object.values(result.scores);
    expect(scores.reduce((a, b) => a + b, 0)).toBe(0);
    const types = (await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH))).map(
      (event): string => event.type,
    );
    expect(types).toContain('bigtwo.BoardEnded');
    expect(types).toContain('bigtwo.DeckRevealed');
  });
});
