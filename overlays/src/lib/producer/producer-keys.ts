/**
 * The producer's keys: Space takes (the cued rundown item, else OBS's preview), 1–9 cue the
 * rundown's items. Producers work fast and by feel, so a held key never repeats a take and a key
 * typed into a field (a rule's scene, a rundown label) is never an action.
 */
export type ProducerKeyAction = { readonly kind: 'take' } | { readonly kind: 'cue'; readonly index: number };

export interface KeyLike {
  readonly key: string;
  readonly repeat: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** The focused element's tag (`INPUT`, `BUTTON`…) and whether it is editable text. */
  readonly targetTag: string;
  readonly targetEditable: boolean;
}

/** Fields keep their keys: every input (a checkbox takes Space too), select and textarea. */
const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function producerKeyAction(key: KeyLike): ProducerKeyAction | null {
  if (key.ctrlKey || key.metaKey || key.altKey) return null;
  if (FIELD_TAGS.has(key.targetTag) || key.targetEditable) return null;
  if (key.key === ' ') return key.repeat ? null : { kind: 'take' };
  if (/^[1-9]$/.test(key.key) && !key.repeat) return { kind: 'cue', index: Number(key.key) - 1 };
  return null;
}

/**
 * Space on a focused button would press that button (the scene last clicked) instead of taking:
 * the dashboard swallows it there too, on keydown and keyup (browsers press a button on keyup).
 */
export function swallowsSpace(key: Pick<KeyLike, 'key' | 'targetTag' | 'targetEditable'>): boolean {
  return key.key === ' ' && !FIELD_TAGS.has(key.targetTag) && !key.targetEditable;
}
