import type { ReplaceRundownInput, Rundown, RundownItem } from './rundown';
import { RundownConflictError, RundownInputError } from './rundown.errors';

/**
 * Applies a PUT to the rundown, as a pure function: 409 when it was made on an older revision, or
 * when it removes the live item or changes its scene or label (lock-when-live: what is on air
 * stays what the list says). Notes of the live item may change. A cued item that is removed or
 * whose scene changes is no longer cued (its old scene is what OBS has in preview).
 */
export function replaceRundown(current: Rundown, input: ReplaceRundownInput, newId: () => string): Rundown {
  if (input.revision !== current.revision) {
    throw new RundownConflictError(
      'rundownStale',
      `rundown revision ${String(input.revision)} is stale; it is at ${String(current.revision)}`,
      current.revision,
    );
  }
  const seen = new Set<string>();
  const items: RundownItem[] = input.items.map((item, index) => {
    const id = item.id ?? newId();
    if (seen.has(id)) throw new RundownInputError(`items.${String(index)}.id`, `duplicate id ${id}`);
    seen.add(id);
    return { id, label: item.label, scene: item.scene, notes: item.notes };
  });
  const obs = input.obs ?? current.obs;
  const before = (id: string | null): RundownItem | undefined =>
    id === null ? undefined : current.items.find((item) => item.id === id);
  const after = (id: string | null): RundownItem | undefined =>
    id === null ? undefined : items.find((item) => item.id === id);

  const live = before(current.liveId);
  if (live !== undefined) {
    const next = after(live.id);
    if (next?.scene !== live.scene || next.label !== live.label || obs !== current.obs) {
      throw new RundownConflictError('itemLive', `item ${live.id} is live and locked`, current.revision);
    }
  }
  const cued = before(current.cuedId);
  const cuedNext = after(current.cuedId);
  const stillCued = cued !== undefined && cuedNext?.scene === cued.scene && obs === current.obs;
  return {
    revision: current.revision + 1,
    obs,
    items,
    cuedId: stillCued ? current.cuedId : null,
    liveId: current.liveId,
  };
}
