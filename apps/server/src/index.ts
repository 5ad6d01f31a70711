// What other packages (the CLI) use of the server without starting it.
export { openEmbeddedEventStore } from './event-store/open-event-store';
export { ProjectionDb, PROJECTIONS_FILE_NAME } from './projections/projection-db';
export { MatchProjection, type MatchReadModel, type TimelineEntry } from './projections/match-projection';
export { rebuildProjections } from './projections/rebuild';
export { startServer, type RunningServer } from './bootstrap';
export { loadConfig, loadConfigFromProcess, ConfigError } from './config';
