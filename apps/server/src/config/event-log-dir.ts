import type { AppConfig } from './config.schema';

/**
 * Where the embedded SQLite event log lives: TABLECAST_LOG_DIR when several processes share one
 * log (each keeps its own lock and read models in its TABLECAST_DATA_DIR), else the data dir.
 */
export function eventLogDir(config: Pick<AppConfig, 'TABLECAST_DATA_DIR' | 'TABLECAST_LOG_DIR'>): string {
  return config.TABLECAST_LOG_DIR ?? config.TABLECAST_DATA_DIR;
}

/**
 * Where what every process of one deployment must agree on is kept: the generated staff tokens,
 * the seat tokens and the board sets. Beside the shared log when there is one (TABLECAST_LOG_DIR:
 * a token issued through one api process opens the others, a board set made on one deals on all),
 * else the data dir, as the one `all` process always kept them.
 */
export function sharedStateDir(config: Pick<AppConfig, 'TABLECAST_DATA_DIR' | 'TABLECAST_LOG_DIR'>): string {
  return eventLogDir(config);
}
