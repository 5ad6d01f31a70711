import type { Role } from '../config/staff-roles';

/** The staff roles are part of the configuration (each token names one); the guard checks them. */
export { ROLES, type Role } from '../config/staff-roles';

/** Who made a request, resolved from its bearer token. */
export interface Principal {
  readonly role: Role;
  /** For operators: the table whose matches this token may command; `*` means every table. */
  readonly table: string | null;
  /**
   * A stable, non-secret id for logs and event metadata (`actor`), one per token: `operator:table-1`,
   * or `operator:table-1#3fa9c2` when the table has several consoles (see actor-ids.ts).
   */
  readonly actorId: string;
}

export function mayOperateTable(principal: Principal, table: string): boolean {
  return principal.role === 'operator' && (principal.table === '*' || principal.table === table);
}

/** A player at his own seat's terminal (a seat token): he keys his seat's moves and nothing else. */
export interface PlayerPrincipal {
  readonly role: 'player';
  /** The table of the one match the seat token plays. */
  readonly table: string;
  /** `player:<match>#<seat>` (seat-tokens.ts). */
  readonly actorId: string;
}

/** The server acting on its own: the turn clock sending a seat's default (DDZ-GEN-2). */
export interface SystemPrincipal {
  readonly role: 'system';
  readonly table: null;
  readonly actorId: string;
}

/**
 * Whoever may send a match command: staff by token, a player by seat token, the server's clock.
 * Recorded as the event's actor, so arbitration can tell a player's move from the clock's default
 * and from a move the operator keyed.
 */
export type CommandPrincipal = Principal | PlayerPrincipal | SystemPrincipal;
