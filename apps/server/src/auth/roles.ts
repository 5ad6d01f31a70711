/**
 * Staff roles that hold API tokens. Viewers are anonymous and read only public feeds.
 * - operator: keys the cards of one table (its token is scoped to a table id, or `*` for all);
 * - referee: confirms corrections, issues penalties, files appeals;
 * - arbiter: a member of the arbitration committee (replay, votes, rulings);
 * - producer: runs the on-air overlays and OBS.
 */
export const ROLES = ['operator', 'referee', 'arbiter', 'producer'] as const;
export type Role = (typeof ROLES)[number];

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
