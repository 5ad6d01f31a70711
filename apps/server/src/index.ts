// What other packages (the CLI) use of the server without starting it.
export { openEmbeddedEventStore, openEmbeddedEventStoreAsServed } from './event-store/open-event-store';
export { startServer, type RunningServer } from './bootstrap';
export {
  acquireDataDirLock,
  releaseDataDirLock,
  DataDirLockedError,
  DATA_DIR_LOCK_FILE_NAME,
} from '@tablecast/event-store';
export { closeOnSignals, SHUTDOWN_DEADLINE_MS } from './shutdown/close-on-signals';
export { loadConfig, loadConfigFromProcess, ConfigError } from './config';
export { runDemo, type DemoOptions, type RunningDemo } from './demo/run-demo';
export { MatchCommandService } from './matches/match-command.service';
export { EVENT_STORE } from './event-store/event-store.tokens';
export type { AppEventStore } from './event-store/event-store.module';
export { replayView, type ReplayView } from './arbitration/replay/replay-view';
export { ObsWebSocketConnection } from './obs/obs-websocket.adapter';
export { ObsError } from './obs/obs.errors';
export {
  setupFinalScenes,
  SceneSetupInputError,
  type OverlayFollow,
  type SetupReport,
} from './obs/setup-final-scenes';
export { sendPrebuilt } from './gateway/prebuilt-frame';
