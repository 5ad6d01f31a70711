import type { AppConfig } from './config.schema';

/**
 * Where the embedded SQLite event log lives: TABLECAST_LOG_DIR when several processes share one
 * log (each keeps its own lock, read models and tokens in its TABLECAST_DATA_DIR), else the data dir.
 */
export function eventLogDir(config: Pick<AppConfig, 'TABLECAST_DATA_DIR' | 'TABLECAST_LOG_DIR'>): string {
  return config.TABLECAST_LOG_DIR ?? config.TABLECAST_DATA_DIR;
}
