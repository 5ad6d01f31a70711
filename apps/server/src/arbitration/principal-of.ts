import type { AuthenticatedRequest } from '../auth/auth.guard';
import type { Principal } from '../auth/roles';

export function principalOf(request: AuthenticatedRequest): Principal {
  if (!request.principal) throw new Error('route reached without a principal: is the AuthGuard installed?');
  return request.principal;
}
