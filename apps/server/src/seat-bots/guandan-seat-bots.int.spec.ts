import { toClientCommand } from '@tablecast/bots';
import { seededPrng, type Prng } from '@tablecast/cards';
import { matchStream } from '@tablecast/events';
import {
  decideFoldedGuandan as decideFolded,
  GUANDAN_RULESETS as RULESETS,
  GUANDAN_SEATS as SEATS,
  guandanInitialState as initialState,
  guandanSeatBotCommand,
  type GuandanCommand,
  type GuandanState as MatchState,
} from '@tablecast/games/testing';
import type { ClientCommand, CreateMatchRequest } from '@tablecast/protocol';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchClient, newMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * Bots on the four seats of a Guandan match under house004 play a tribute deal in which the
 * tributers choose between the returned cards (GD-VAR-004-3, after equal double tributes,
 * GD-TRIB-4, and unequal returns, GD-TRIB-3): the deal before it is keyed as the engine played it
 * (the seat bots' own moves, found by a search of deal seeds), then the bots pay, return, choose
 * and play the deal to its end through the server's command path.
 */
const MATCH = 'gd_seat_bots_t1';
const DEALS = 30;
const BOT_SEED = (seat: string): string => `gd-seat-bot-${seat}`;

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

interface Keyed {
  /** The commands up to and including the deal whose tribute has the choice, as a client keys them. */
  readonly commands: readonly ClientCommand[];
  /** The choice the bots make in that deal (the engine's, with the same moves). */
  readonly chosen: { readonly seat: string; readonly card: string };
  readonly deals: number;
}

/**
 * The engine's play of the match with the seat bots' moves (each seat's own PRNG, drawn only on its
 * turn, as each server bot draws) until a deal's tribute has a ReturnChosen: what to key before it.
 */
function keyedBeforeChoice(request: CreateMatchRequest, seedBase: string): Keyed | undefined {
  const prngs = new Map<string, Prng>(SEATS.map((seat) => [seat, seededPrng(BOT_SEED(seat))]));
  let state: MatchState = initialState();
  // Read through a function: `apply` moves it on, which the compiler's narrowing does not see.
  const status = (): MatchState['status'] => state.status;
  const apply = (command: GuandanCommand): readonly { type: string; data: unknown }[] => {
    const decision = decideFolded(command, state);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
    state = decision.state;
    return decision.events;
  };
  apply({
    type: 'CreateMatch',
    table: request.table,
    ruleset: RULESETS.house004,
    format: request.format ?? { kind: 'toPastAce' },
    teams: request.teams,
    players: request.players,
    now: 0,
  });
  const commands: ClientCommand[] = [];
  for (let deal = 1; deal <= DEALS && status() === 'betweenHands'; deal += 1) {
    const keyed: ClientCommand = { type: 'DealCards', seed: `${seedBase}:${String(deal)}`, cutIndex: 0 };
    commands.push(keyed);
    const before = commands.length;
    apply({ type: 'DealCards', seed: keyed.seed, cutIndex: 0, salt: 'salt', now: deal });
    while (status() === 'inHand') {
      const move = SEATS.map((seat) =>
        guandanSeatBotCommand(state, seat, prngs.get(seat) ?? seededPrng(seat)),
      ).find((command): command is GuandanCommand => command !== null);
      if (move === undefined) throw new Error(`deal ${String(deal)}: no seat bot moves`);
      const chosen = apply(move).find((event) => event.type === 'ReturnChosen');
      if (chosen !== undefined)
        return { commands: commands.slice(0, before), chosen: chosen.data as Keyed['chosen'], deals: deal };
      commands.push(toClientCommand(move));
    }
  }
  return undefined;
}

describe('Guandan bots on seats (real server, real SQLite)', () => {
  it('GD-VAR-004-3: four seat bots play a tribute deal through: they pay (GD-TRIB-2/4), return (GD-TRIB-3), a bot chooses the returned card, and the deal ends', async () => {
    const request: CreateMatchRequest = { ...newMatchRequest(MATCH, 't1', 40), ruleset: 'house004' };
    let keyed: Keyed | undefined;
    for (let base = 0; keyed === undefined && base < 20; base += 1)
      keyed = keyedBeforeChoice(request, `gd-seat-bots-${String(base)}`);
    if (keyed === undefined) throw new Error('no deal seeds give a choice of returns');

    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const matches = server.app.get(MatchCommandService);
    await matches.create(request, BOT_PRINCIPAL);
    // The deals before the choice, and the choice deal's DealCards, keyed as the engine played them.
    for (const [i, command] of keyed.commands.entries()) {
      const { revision } = await matches.read(MATCH);
      await matches.execute(
        MATCH,
        { revision, idempotencyKey: `keyed-command-${String(i)}`, command },
        BOT_PRINCIPAL,
      );
    }
    const dealt = await matches.read(MATCH);
    expect((dealt.state as MatchState).hand?.phase).toBe('tribute');

    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    for (const seat of SEATS) {
      const seated = await operator.request('POST', '/api/seat-bots', {
        matchId: MATCH,
        seat,
        seed: BOT_SEED(seat),
      });
      expect(seated.status, JSON.stringify(seated.body)).toBe(201);
    }
    // The bots play the deal to its end: the match waits for the next deal (or has ended).
    await vi.waitFor(
      async () => {
        const { state } = await matches.read(MATCH);
        expect((state as MatchState).status).not.toBe('inHand');
      },
      { timeout: 60_000, interval: 100 },
    );

    const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
    const deal = log.slice(dealt.revision + 1);
    // Guandan's events are stored under their own names (the platform's first game).
    const byBot = (type: string) =>
      deal
        .filter((e) => (e.type as string) === type)
        .map((e) => ({ actor: e.metadata.actor.id, data: e.data }));
    expect(byBot('TributeGiven')).toHaveLength(2);
    expect(byBot('TributeReturned')).toHaveLength(2);
    const chosen = byBot('ReturnChosen');
    expect(chosen).toEqual([{ actor: `bot:t1:seat-${keyed.chosen.seat}`, data: keyed.chosen }]);
    expect(byBot('HandEnded')).toHaveLength(1);
  }, 120_000);
});
