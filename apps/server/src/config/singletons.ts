import type { AppConfig } from './config.schema';

/**
 * Whether this process runs the deployment's singletons: the turn clock, the tournament result
 * reactor, the board reveals and the other services that act on the log on everyone's behalf and
 * must act once (TC-SCALE-2). An `api` process never does: several of them share one log, and each
 * would reveal, time out or record the same thing again.
 */
export function runsSingletons(config: Pick<AppConfig, 'TABLECAST_ROLE'>): boolean {
  return config.TABLECAST_ROLE !== 'api';
}
