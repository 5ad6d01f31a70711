// @tablecast/events — the event catalog: envelope, stream names, schemas, validation, upcasting.
export * from './envelope';
export * from './streams';
export * from './catalog/definition';
export * from './catalog/validation';
export * from './catalog/catalog';
export { bodyParser, type BodyParser } from './catalog/body-parser';
export * from './catalog/json-schema';
export * from './catalog/json-schema-files';
export * from './arbitration/index';
export * from './corrections/index';
export * from './broadcast/index';
export * from './tournament/index';
export { catalogDisclosure, gameEventType, otherGamesEvents, storedEventType } from './games/other-games';
export * from './platform/match-created';
export * from './platform-events';
