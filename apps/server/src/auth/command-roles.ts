import type { CommandRole } from '@tablecast/games';
import type { CommandPrincipal } from './roles';

/**
 * Whether a principal may send a command its game gives to `roles` (the module's wire declares who
 * may send what). Staff act as themselves. The turn clock acts for a seat. A player at his terminal
 * acts for his seat, or, in a game whose wire names no seat role (Guandan predates the terminal),
 * as his table's operator would; the seat path has already kept him to his own seat's moves.
 */
export function maySend(roles: readonly CommandRole[], principal: CommandPrincipal): boolean {
  switch (principal.role) {
    case 'system':
      return roles.includes('seat');
    case 'player':
      return roles.includes('seat') || roles.includes('operator');
    default:
      return (roles as readonly string[]).includes(principal.role);
  }
}

/**
 * Whether a command says it is a turn clock's default (`timeout: {revision}`, DDZ-BID-6,
 * DDZ-PLAY-6). Only the server's clock sends one: a client that did could make any move look like
 * a timeout.
 */
export function claimsTimeout(command: { readonly type: string }): boolean {
  return (command as { readonly timeout?: unknown }).timeout !== undefined;
}
