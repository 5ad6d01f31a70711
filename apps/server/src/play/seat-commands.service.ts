import { Injectable } from '@nestjs/common';
import { CommandEnvelopeSchema, type CommandAccepted } from '@tablecast/protocol';
import type { SeatPrincipal } from '../auth/seat-tokens';
import { SeatTokenRegistry } from '../auth/seat-tokens';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import { parseBody } from '../http/parse-body';
import { MatchCommandService } from '../matches/match-command.service';

/**
 * A seat's answer to its own move: the revision to send next and the events' types and revisions,
 * never their data. Staff's answer carries the data (staff see every hand); a seat's move can write
 * cards its seat may not see (a Dou Dizhu bid that passes the board out deals it again: every hand
 * and the kitty, DDZ-BID-5), and the seat learns what it may see from its views.
 */
export interface SeatCommandAccepted extends Omit<CommandAccepted, 'events'> {
  readonly events: readonly { readonly type: string; readonly revision: number }[];
}

/**
 * The player terminal's command path: a seat token sends its own seat's moves to its own match,
 * through the same match service as the console (revision check, idempotency, the rules engine).
 */
@Injectable()
export class SeatCommandService {
  constructor(
    private readonly seats: SeatTokenRegistry,
    private readonly matches: MatchCommandService,
  ) {}

  /** The seat a token plays; 401 when it is none. */
  principal(token: string | undefined): SeatPrincipal {
    if (token === undefined || token === '') throw new UnauthenticatedError('missing seat token');
    const seat = this.seats.resolve(token);
    if (!seat) throw new UnauthenticatedError('unknown seat token');
    return seat;
  }

  async execute(seat: SeatPrincipal, matchId: string, body: unknown): Promise<SeatCommandAccepted> {
    if (matchId !== seat.matchId) {
      throw new ForbiddenError(`this seat token plays match ${seat.matchId}, not ${matchId}`);
    }
    const envelope = parseBody(CommandEnvelopeSchema, body);
    const { type } = envelope.command;
    const match = await this.matches.read(matchId);
    // What a player keys at his own seat is his game's to say; the rest (deals, penalties, appeals) is staff's.
    const own = match.module.seatCommands;
    if (!own.includes(type)) {
      throw new ForbiddenError(`a seat token sends only ${own.join(', ')}; ${type} is staff's`);
    }
    const sentSeat: unknown = envelope.command.seat;
    if (String(sentSeat) !== seat.seat) {
      throw new ForbiddenError(`seat ${seat.seat}'s token may not play for seat ${String(sentSeat)}`);
    }
    // Recorded as the seat's player (role `player`, his own actor id), not as the table's operator:
    // arbitration tells a player's move from one keyed for him and from the clock's default.
    const accepted = await this.matches.execute(matchId, body, {
      role: 'player',
      table: match.table,
      actorId: seat.actorId,
    });
    return { ...accepted, events: accepted.events.map(({ type, revision }) => ({ type, revision })) };
  }
}
