import { b2Cga2017, bigtwoModule } from '@tablecast/bigtwo';
import { duplicateTournamentMatch } from './duplicate-tournament';
import type { CommandRole } from './game-wire';
import { moduleWire } from './module-wire';

/** What happens at the table: keyed by its operator, the referee, or the seat's own terminal. */
const TABLE: readonly CommandRole[] = ['operator', 'referee', 'seat'];
/** Keyed on a player's behalf (an appeal is lodged by the player, B2-APL-1), never by a terminal. */
const STAFF_AT_TABLE: readonly CommandRole[] = ['operator', 'referee'];
/** Sanctions and the committee's decisions (B2-APL-2) are keyed by the referee alone. */
const REFEREE: readonly CommandRole[] = ['referee'];

/** Big Two on the wire: its module's schemas, and who may send which of its commands. */
export const bigtwoWire = moduleWire(bigtwoModule, {
  roles: {
    DealBoard: STAFF_AT_TABLE,
    Show: TABLE,
    Double: TABLE,
    PlayCards: TABLE,
    Pass: TABLE,
    LodgeAppeal: STAFF_AT_TABLE,
    EndMatch: STAFF_AT_TABLE,
    IssuePenalty: REFEREE,
    DecideAppeal: REFEREE,
  },
  // B2-SEAT-1: seats S, E, N, W in playing order; the 001 ruleset by the event's name for it.
  tournamentMatch: duplicateTournamentMatch({
    game: bigtwoModule.id,
    seats: ['S', 'E', 'N', 'W'],
    rulesets: { cga2017: b2Cga2017 },
  }),
});
