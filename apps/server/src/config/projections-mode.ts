import type { AppConfig } from './config.schema';

/**
 * What a process does with the read models (TC-SCALE-1):
 * - `local`: projects the whole log into its own TABLECAST_DATA_DIR/projections.sqlite;
 * - `contend`: contends for the projections lease and, while it holds it, projects the log into
 *   the shared TABLECAST_LOG_DIR/projections.sqlite; until then it reads that file;
 * - `read`: reads the shared file and never projects it.
 */
export type ProjectionsMode = 'local' | 'contend' | 'read';

export function projectionsMode(
  config: Pick<AppConfig, 'TABLECAST_ROLE' | 'API_PROJECTIONS'>,
): ProjectionsMode {
  // The projector role exists to project the shared file: whatever API_PROJECTIONS says.
  if (config.TABLECAST_ROLE === 'projector') return 'contend';
  if (config.API_PROJECTIONS === 'local') return 'local';
  // Only an api process with `shared` projects beside its commands; a control process never does.
  if (config.API_PROJECTIONS === 'shared' && config.TABLECAST_ROLE === 'api') return 'contend';
  return 'read';
}
