/**
 * The producer's rundown: the list of shots prepared for the show. One item may be cued
 * (its scene in OBS preview) and one live (on program). `revision` counts edits of the list, so a
 * dashboard editing an old copy gets a 409 instead of overwriting a colleague's change; cue and
 * take move `cuedId` and `liveId` without touching it.
 */
export interface RundownItem {
  readonly id: string;
  readonly label: string;
  readonly scene: string;
  readonly notes: string;
}

export interface Rundown {
  readonly revision: number;
  /** The OBS instance the rundown switches (main by default). */
  readonly obs: string;
  readonly items: readonly RundownItem[];
  readonly cuedId: string | null;
  readonly liveId: string | null;
}
