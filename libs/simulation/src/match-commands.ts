import type { CommandAccepted } from '@tablecast/protocol';

/** Who the bots act as, in the server's terms (a staff role, its table, the id the log records). */
export interface StaffPrincipal {
  readonly role: 'operator';
  readonly table: string;
  readonly actorId: string;
}

/** The principal bots act as: an operator allowed at every table, named so the log shows it was a bot. */
export const BOT_PRINCIPAL: StaffPrincipal = { role: 'operator', table: '*', actorId: 'bot:simulator' };

/**
 * The command path the bots play through: the server's match service (validation, revision checks,
 * append) as seen from outside it, so the simulation never writes events itself.
 */
export interface MatchCommands {
  create(body: unknown, principal: StaffPrincipal): Promise<CommandAccepted>;
  /** The served match, whichever its game: its module's state and the revision of its last event. */
  read(matchId: string): Promise<{ readonly state: unknown; readonly revision: number }>;
  execute(matchId: string, body: unknown, principal: StaffPrincipal): Promise<CommandAccepted>;
}
