/** The control role's lease store (`SqliteLeaseStore` in the shared log's own file, or `KurrentDbLeaseStore`). */
export const CONTROL_LEASES = Symbol('CONTROL_LEASES');

/** The singletons the control lease keeper starts and stops, in start order. */
export const CONTROL_SINGLETONS = Symbol('CONTROL_SINGLETONS');
