/**
 * Which events of a match stream are still in effect after keying corrections: the game kit's,
 * since every match fold (`foldMatch`) applies it. Re-exported here for the platform's readers.
 */
export { effectiveEvents, isCorrectionEvent, type RevisionedEvent } from '@tablecast/game-kit';
