/**
 * The one typed websocket protocol shared by the server, the overlays and the OBS bridge.
 * No decorators and no Node imports, so Vite can bundle it into browser pages.
 */
export * from './server-messages';
export * from './client-messages';
export * from './compass';
export * from './match-commands';
export * from './feed-messages';
export * from './feed-facts';
export * from './control-messages';
export * from './producer';
export * from './match-names';
export * from './match-view';
export * from './replay-view';
export * from './table-summary';
export * from './watch-listing';
export * from './tournament-best-of';
export * from './tournament-feed';
