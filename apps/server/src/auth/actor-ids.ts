import { createHash } from 'node:crypto';
import type { TokenEntry } from '../config/token-spec';

const LABEL_HEX = 6;

/**
 * The actor id each token is logged and recorded as, in the order given. A token that alone holds
 * its role (and, for operators, its table) is named by them: `referee`, `operator:t1`. Tokens that
 * share them (a table's main and backup consoles) each add a label, the first hex digits of the
 * token's SHA-256 (`operator:t1#3fa9c2`): stable across restarts, not the token, and enough for the
 * arbitration committee to tell which console keyed an event.
 */
export function actorIdsOf(entries: readonly TokenEntry[]): string[] {
  const names = entries.map(nameOf);
  const count = new Map<string, number>();
  for (const name of names) count.set(name, (count.get(name) ?? 0) + 1);
  const digests = entries.map((entry) => createHash('sha256').update(entry.token).digest('hex'));
  return names.map((name, i) => {
    if (count.get(name) === 1) return name;
    const twins = digests.filter((_, j) => names[j] === name);
    return `${name}#${shortestUniquePrefix(digests[i] ?? '', twins)}`;
  });
}

function nameOf(entry: TokenEntry): string {
  return entry.role === 'operator' ? `operator:${entry.table ?? ''}` : entry.role;
}

/** The first LABEL_HEX digits, more only when another token of the same name starts alike. */
function shortestUniquePrefix(digest: string, twins: readonly string[]): string {
  for (let length = LABEL_HEX; length < digest.length; length += 2) {
    const prefix = digest.slice(0, length);
    if (twins.filter((other) => other.startsWith(prefix)).length === 1) return prefix;
  }
  return digest;
}
