/**
 * A place in the global log. It mirrors KurrentDB's transaction-file position (commit, prepare)
 * so that adapter hands the server's own positions through untouched; the SQLite adapter uses its
 * row id for both halves. Ordering is by commit, then prepare.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const positionOf = (sequence: number | bigint): Position => {
  const value = BigInt(sequence);
  return { commit: value, prepare: value };
};

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** "42" when both halves agree (SQLite), "42/40" otherwise; stable text for checkpoints and logs. */
export function positionToString(position: Position): string {
  return position.commit === position.prepare
    ? position.commit.toString()
    : `${position.commit.toString()}/${position.prepare.toString()}`;
}

export function parsePosition(text: string): Position {
  const match = /^(\d+)(?:\/(\d+))?$/.exec(text.trim());
  if (match?.[1] === undefined) throw new RangeError(`not a log position: "${text}"`);
  const commit = BigInt(match[1]);
  return { commit, prepare: match[2] === undefined ? commit : BigInt(match[2]) };
}
