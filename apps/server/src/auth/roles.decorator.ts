import { SetMetadata } from '@nestjs/common';
import type { Role } from './roles';

export const ROLES_KEY = 'tablecast:roles';

/** Marks a route as staff-only: a bearer token of one of these roles is required. */
export const RequireRoles = (...roles: Role[]): ReturnType<typeof SetMetadata> =>
  SetMetadata(ROLES_KEY, roles);
