/**
 * @tablecast/broadcast: the per-audience match feeds. Their fan-out to the websocket gateways is
 * the game-neutral bus, @tablecast/bus; the audiences the feeds are cut for are the bus's.
 */
export { AUDIENCES, isAudience, type Audience } from '@tablecast/bus';
export * from './feeds';
