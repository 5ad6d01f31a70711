import { seededPrng } from '@tablecast/cards';
import { randomLegalDdzCommand, type DoudizhuState } from '@tablecast/doudizhu';
import type { CommandAccepted } from '@tablecast/protocol';
import { expect } from 'vitest';
import type { MatchCommandService } from '../../matches/match-command.service';
import { newDoudizhuMatchRequest, type MatchClient } from '../../testing/match-client';

/** The 54 faces a deal order is made of, 3 to 2 then the jokers (suits S H C D). */
const RANKS = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2'] as const;
const FACES: readonly string[] = [
  ...RANKS.flatMap((r) => ['S', 'H', 'C', 'D'].map((s) => `${s}${r}`)),
  'BJ',
  'RJ',
];

/**
 * An entered deal order (DDZ-DEAL-1: card i < 51 goes to seat i mod 3, the last 3 are the kitty)
 * that gives seat 0 the four 3s (a bomb, DDZ-COMBO-2) and both jokers (the rocket, DDZ-COMBO-1),
 * with the kitty it names; every other card is filled in face order.
 */
export function bombDealOrder(kitty: readonly string[] = ['SA', 'HA', 'CA']): string[] {
  const seat0 = ['S3', 'H3', 'C3', 'D3', 'BJ', 'RJ'];
  const used = new Set([...seat0, ...kitty]);
  const rest = FACES.filter((f) => !used.has(f));
  const hands = [[...seat0, ...rest.splice(0, 11)], rest.splice(0, 17), rest.splice(0, 17)];
  const order: string[] = [];
  for (let i = 0; i < 17; i += 1) for (const hand of hands) order.push(hand[i] ?? '');
  return [...order, ...kitty];
}

/**
 * A Dou Dizhu match over HTTP on a real server: created by the operator, every command sent as a
 * client would send it (`{game, revision, idempotencyKey, command}`), a 200 expected for each.
 * The moves are read from the command path's own fold, so the bots play only legal moves.
 */
export class DdzHttpMatch {
  private key = 0;
  revision = -1;

  constructor(
    private readonly client: MatchClient,
    private readonly matches: MatchCommandService,
    readonly matchId: string,
    /** Unique per run of the match's commands: idempotency keys must not repeat across a restart. */
    private readonly run = 'a',
  ) {}

  async create(): Promise<void> {
    const created = await this.client.request<CommandAccepted>(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest(this.matchId, 't1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    this.revision = created.body.revision;
  }

  async send(command: Record<string, unknown>): Promise<void> {
    this.key += 1;
    const answer = await this.client.request<CommandAccepted>(
      'POST',
      `/api/matches/${this.matchId}/commands`,
      {
        game: 'doudizhu',
        revision: this.revision,
        idempotencyKey: `${this.matchId}-${this.run}-${String(this.key).padStart(4, '0')}`,
        command,
      },
    );
    expect(answer.status, `${JSON.stringify(command)}: ${JSON.stringify(answer.body)}`).toBe(200);
    this.revision = answer.body.revision;
  }

  async state(): Promise<DoudizhuState> {
    return (await this.matches.read(this.matchId)).state as DoudizhuState;
  }

  /**
   * One board with every on-air fact: seat 0 bids 3 (landlord), defender 1 doubles while defender 2
   * is still to choose (a sealed double on the log, DDZ-DBL-1), both doubles revealed, the landlord
   * redoubles, leads the bomb and then the rocket (each passed twice), and the bots play the rest
   * out with legal moves.
   */
  async playBombBoard(board: number, seed: string): Promise<void> {
    await this.send({ type: 'DealBoard', board, order: bombDealOrder() });
    await this.send({ type: 'Bid', seat: 0, bid: 3 });
    await this.send({ type: 'Double', seat: 1, double: true });
    await this.send({ type: 'Double', seat: 2, double: true });
    await this.send({ type: 'Redouble', seat: 0, redouble: true });
    for (const cards of [
      ['S3', 'H3', 'C3', 'D3'],
      ['BJ', 'RJ'],
    ]) {
      await this.send({ type: 'PlayCards', seat: 0, cards });
      await this.send({ type: 'Pass', seat: 1 });
      await this.send({ type: 'Pass', seat: 2 });
    }
    await this.playOut(seed);
  }

  /** Legal moves (no timeouts) until the board in play has ended. */
  async playOut(seed: string): Promise<void> {
    const prng = seededPrng(seed);
    for (;;) {
      const state = await this.state();
      if (state.status !== 'inBoard') return;
      const next = randomLegalDdzCommand(state, prng, { timeoutPerMille: 0 });
      if (next === null) return;
      await this.send(next as unknown as Record<string, unknown>);
    }
  }
}
