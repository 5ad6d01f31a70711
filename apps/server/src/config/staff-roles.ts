/**
 * Staff roles that hold API tokens, as TABLECAST_TOKENS names them (the auth guard checks them). Viewers are anonymous and read only public feeds.
 * - operator: keys the cards of one table (its token is scoped to a table id, or `*` for all);
 * - referee: confirms corrections, issues penalties, files appeals;
 * - arbiter: a member of the arbitration committee (replay, votes, rulings);
 * - producer: runs the on-air overlays and OBS.
 */
export const ROLES = ['operator', 'referee', 'arbiter', 'producer'] as const;
export type Role = (typeof ROLES)[number];
