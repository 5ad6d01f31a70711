import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import type { Principal, Role } from './roles';
import { ROLES_KEY } from './roles.decorator';
import { SeatTokenRegistry } from './seat-tokens';
import { TokenRegistry } from './token-registry.service';

/** The principal a guarded request was authorised as, attached by the guard. */
export type AuthenticatedRequest = FastifyRequest & { principal?: Principal };

/**
 * Global guard: routes without @RequireRoles are public; guarded routes need
 * `Authorization: Bearer <token>` — 401 when it is missing or unknown, 403 when its role is not allowed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenRegistry,
    private readonly seats: SeatTokenRegistry,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1])
      throw new UnauthenticatedError('missing bearer token (header "Authorization: Bearer <token>")');
    const principal = this.tokens.resolve(match[1]);
    if (!principal) {
      const seat = this.seats.resolve(match[1]);
      if (seat) {
        throw new ForbiddenError(
          `a seat token plays only its own seat (${seat.seat}) of match ${seat.matchId}: Bid, Double, Redouble, PlayCards, Pass through POST /api/play/${seat.matchId}/commands or the terminal`,
        );
      }
      throw new UnauthenticatedError('unknown token');
    }
    if (!roles.includes(principal.role)) {
      throw new ForbiddenError(`role ${principal.role} may not do this; allowed: ${roles.join(', ')}`);
    }
    request.principal = principal;
    return true;
  }
}
