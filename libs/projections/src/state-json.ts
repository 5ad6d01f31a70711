/**
 * `JSON.stringify` of a read model's state, the same text, for states that change a little per
 * event. A game's evolve returns a new state that shares every part it did not change with the one
 * before (modules never mutate a state), so the text of an unchanged part, looked up by the part's
 * identity, is the text written at the last flush: a Guandan state's ruleset and the deal's card
 * order are half its JSON and change at most once a deal. Only the outer levels are walked here;
 * below `depth` (and for arrays, and anything but plain objects) `JSON.stringify` writes the part.
 */
export class StateJson {
  private readonly texts = new WeakMap<object, string>();
  private readonly keys = new Map<string, string>();

  constructor(private readonly depth = 3) {}

  stringify(state: unknown): string {
    return this.write(state, this.depth, true);
  }

  private write(value: unknown, depth: number, root: boolean): string {
    if (typeof value !== 'object' || value === null || depth === 0) return JSON.stringify(value);
    const known = this.texts.get(value);
    if (known !== undefined) return known;
    const prototype: unknown = Object.getPrototypeOf(value);
    let text: string;
    if (Array.isArray(value) || (prototype !== Object.prototype && prototype !== null) || 'toJSON' in value)
      text = JSON.stringify(value);
    else {
      text = '{';
      for (const [key, part] of Object.entries(value)) {
        const written = this.part(part, depth - 1);
        if (written === undefined) continue;
        text += `${text.length === 1 ? '' : ','}${this.key(key)}:${written}`;
      }
      text += '}';
    }
    // The root is new at every event: keeping its text would only hold memory.
    if (!root) this.texts.set(value, text);
    return text;
  }

  /** A property's text, or undefined where `JSON.stringify` leaves the property out. */
  private part(value: unknown, depth: number): string | undefined {
    switch (typeof value) {
      case 'string':
        return JSON.stringify(value);
      case 'boolean':
        return value ? 'true' : 'false';
      case 'number':
        return Number.isFinite(value) ? String(value) : 'null';
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
      default:
        return value === null ? 'null' : this.write(value, depth, false);
    }
  }

  private key(key: string): string {
    let text = this.keys.get(key);
    if (text === undefined) {
      text = JSON.stringify(key);
      this.keys.set(key, text);
    }
    return text;
  }
}
