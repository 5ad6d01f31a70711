/**
 * Which member of a shared group gets a match: a stable hash of the match id, so all of one
 * match's messages go to the same member (and stay in order) while the membership is unchanged —
 * the in-process counterpart of Kafka's key-to-partition assignment.
 */
export function pickMember<T>(members: readonly T[], matchId: string): T | undefined {
  if (members.length === 0) return undefined;
  return members[fnv1a(matchId) % members.length];
}

// FNV-1a (32-bit): tiny, deterministic and well spread for short ids; not a security boundary.
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
