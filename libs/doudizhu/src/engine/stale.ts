// A turn-clock default against a state that has moved on is refused as stale (game-kit's check).
export { staleTimeout } from '@tablecast/game-kit';
