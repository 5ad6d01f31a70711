/**
 * Wakes subscribers the moment an append commits. Keyed by database file so that two store
 * instances opened on one file in the same process (a server and a CLI command in a test, say)
 * still wake each other without polling. Other processes are caught by the subscriber's slow poll.
 */
const listeners = new Map<string, Set<() => void>>();

export function onAppend(file: string, listener: () => void): () => void {
  let set = listeners.get(file);
  if (set === undefined) {
    set = new Set();
    listeners.set(file, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(file);
  };
}

export function notifyAppend(file: string): void {
  const set = listeners.get(file);
  if (set === undefined) return;
  for (const listener of [...set]) listener();
}
