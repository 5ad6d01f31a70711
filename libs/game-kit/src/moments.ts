/** A kind of on-air moment a game offers the director (a bomb, a spring, a hand's end), with its labels. */
export interface MomentKind {
  readonly kind: string;
  readonly labelZh: string;
  readonly labelEn: string;
}

/**
 * Something worth a graphic or a camera cut, found by the module in one event. `delayed` moments
 * (a tribute card changing hands) may go only to full-information audiences, after the delay.
 */
export interface OnAirMoment {
  readonly kind: string;
  readonly seat: string | null;
  readonly disclosure: 'public' | 'delayed';
  /** The rule behind it, when one names it (e.g. a penalty's rule). */
  readonly rule: string | null;
}
