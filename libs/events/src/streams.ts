/**
 * Stream names. One stream per consistency boundary: a match is decided one command at a time, an
 * appeal moves through its own life cycle, a tournament owns pairings across matches.
 * Ids are restricted so a name can be split back into its kind and id without ambiguity.
 */
const idPattern = /^[A-Za-z0-9_.:]{1,64}$/;

// `broadcast`: a match's broadcast settings (the security delay), apart from the table's commands.
export const streamKinds = ['match', 'appeal', 'tournament', 'broadcast'] as const;
export type StreamKind = (typeof streamKinds)[number];

export function streamName(kind: StreamKind, id: string): string {
  if (!idPattern.test(id)) {
    throw new RangeError(`stream id "${id}" must match ${idPattern.source}`);
  }
  return `${kind}-${id}`;
}

export const matchStream = (matchId: string): string => streamName('match', matchId);
export const appealStream = (appealId: string): string => streamName('appeal', appealId);
export const tournamentStream = (tournamentId: string): string => streamName('tournament', tournamentId);
export const broadcastStream = (matchId: string): string => streamName('broadcast', matchId);

export function parseStreamName(stream: string): { kind: StreamKind; id: string } | undefined {
  for (const kind of streamKinds) {
    const prefix = `${kind}-`;
    if (stream.startsWith(prefix) && idPattern.test(stream.slice(prefix.length))) {
      return { kind, id: stream.slice(prefix.length) };
    }
  }
  return undefined;
}

/**
 * Whether an event of this type ends its match: every game records its end as `MatchEnded`,
 * namespaced or not. A match stream is live from its first event until its last one is such an
 * end (a correction after the end makes it live again): the event log keeps that set with each
 * append, so a follower starting at boot reads only the matches still played.
 */
export function isMatchEndType(type: string): boolean {
  return type === 'MatchEnded' || type.endsWith('.MatchEnded');
}
