/** @tablecast/broadcast: per-audience feeds and their fan-out to the websocket gateways. */
export * from './bus';
export * from './feeds';
