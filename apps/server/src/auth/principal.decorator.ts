import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from './auth.guard';
import type { Principal as StaffPrincipal } from './roles';

/** Who made the request: the type of what `@Principal()` gives. */
export type Principal = StaffPrincipal;

/**
 * The principal the AuthGuard resolved from the bearer token, for a route under @RequireRoles.
 * On a route without roles there is none, and the request fails loudly (500) rather than act
 * for nobody.
 */
export const Principal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.principal) throw new Error('route reached without a principal: is the AuthGuard installed?');
  return request.principal;
});
