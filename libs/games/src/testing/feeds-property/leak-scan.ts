const CARD_ID = /(?:[SHCD][2-9TJQKA]|BJ|RJ)[ab]/g;

/**
 * The venue's leak scan over one match's frames: the first string of a frame (keys included:
 * every string JSON.stringify would write) naming a card still hidden or holding one of the deal's
 * secrets as its JSON would show it. A card id or a quoted secret can only sit inside one JSON
 * string (quotes and punctuation split them), so a walk over the frame's strings finds what a scan
 * of its JSON finds, without writing the JSON.
 *
 * Incremental: consecutive frames hold mostly the same strings (every key, the event types, the
 * match's names, the deal's commitment), and a string found clean stays clean while nothing becomes
 * hidden that was not hidden when it was scanned. Within a deal the hidden cards and the secrets
 * only shrink (cards are played, the deck is revealed), so each string goes through the card
 * pattern and the secrets once per era: the stretch that a new deal, a correction taking cards
 * back into a hand, or a new secret starts. (Three-letter strings, the card ids, ask the hidden
 * set every time.)
 */
export class LeakScan {
  private hidden: ReadonlySet<string> = new Set<string>();
  private secrets: readonly string[] = [];
  /** Strings scanned clean in this era. */
  private readonly cleanStrings = new Set<string>();

  /**
   * What is hidden from now on: the cards in a hand (or passing into one) and the deal's secrets.
   * Anything new to hide starts a new era: nothing scanned before counts as clean.
   */
  hide(hidden: ReadonlySet<string>, secrets: readonly string[]): void {
    if (!isSubset(hidden, this.hidden) || secrets.some((s) => !this.secrets.includes(s))) {
      this.cleanStrings.clear();
    }
    this.hidden = hidden;
    this.secrets = secrets;
  }

  /** The first leak in `value` (what it names), or null. */
  leakIn(value: unknown): string | null {
    if (typeof value === 'string') return this.leakInString(value);
    if (typeof value !== 'object' || value === null) return null;
    if (Array.isArray(value)) {
      for (const item of value as readonly unknown[]) {
        const leak = this.leakIn(item);
        if (leak !== null) return leak;
      }
      return null;
    }
    // for…in over the frame's plain objects: their own keys, without an array of them per object.
    for (const key in value) {
      const leak = this.leakInString(key) ?? this.leakIn((value as Record<string, unknown>)[key]);
      if (leak !== null) return leak;
    }
    return null;
  }

  private leakInString(text: string): string | null {
    const length = text.length;
    // A three-letter string is a card id or names none: the set answers at once.
    if (length === 3 && this.hidden.has(text)) return `held card ${text}`;
    if (this.cleanStrings.has(text)) return null;
    // Only longer ones (a referee's note) need the pattern.
    if (length > 3)
      for (const card of text.match(CARD_ID) ?? []) if (this.hidden.has(card)) return `held card ${card}`;
    for (const secret of this.secrets) {
      if (
        length >= secret.length &&
        text.includes(secret) &&
        JSON.stringify(text).includes(JSON.stringify(secret))
      )
        return `the deal's secret ${secret}`;
    }
    this.cleanStrings.add(text);
    return null;
  }
}

function isSubset(set: ReadonlySet<string>, of: ReadonlySet<string>): boolean {
  if (set === of) return true;
  if (set.size > of.size) return false;
  for (const item of set) if (!of.has(item)) return false;
  return true;
}
