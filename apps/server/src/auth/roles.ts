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
