/** Injection token of the application's EventStore<TablecastEvent>. */
export const EVENT_STORE = Symbol('EVENT_STORE');
