/** The feeds role's lease store (`SqliteLeaseStore` on the shared ledger's own connection). */
export const FEED_LEASES = Symbol('FEED_LEASES');
