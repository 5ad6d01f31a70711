export { configSchema, type AppConfig } from './config.schema';
export { ConfigError, describeConfig, loadConfig, loadConfigFromProcess } from './load-config';
export { APP_CONFIG, ConfigModule } from './config.module';
export { eventLogDir, sharedStateDir } from './event-log-dir';
export { projectionsMode, type ProjectionsMode } from './projections-mode';
