// @tablecast/bigtwo: the Big Two (竞技锄大地) rules engine. The barrel is the only import target of this library.
export const BIGTWO_GAME = 'bigtwo' as const;
