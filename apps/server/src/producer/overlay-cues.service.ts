import { Injectable } from '@nestjs/common';
import type { LowerThirdCaption, OverlayCue } from '@tablecast/protocol';
import { OverlayPagesRegistry } from './overlay-pages.registry';

/**
 * "Show this moment now" for the producer's buttons and the auto-director. A cue names a
 * kind of moment and carries no game data: each page of the match replays the latest such moment
 * from the feed state it already holds (already released), or ignores the cue when it has none.
 */
@Injectable()
export class OverlayCuesService {
  constructor(private readonly pages: OverlayPagesRegistry) {}

  /** Sends the cue to every page announced for the match; `delivered` counts them. */
  cue(matchId: string, cue: OverlayCue): { delivered: number } {
    return { delivered: this.pages.sendTo({ matchId }, { type: 'control', action: 'cue', cue }) };
  }

  /** Puts the producer's lower-third text on the match's lower-third pages (the only ones drawing it). */
  caption(matchId: string, caption: LowerThirdCaption): { delivered: number } {
    return {
      delivered: this.pages.sendTo(
        { matchId, page: 'lowerthird' },
        { type: 'control', action: 'caption', caption },
      ),
    };
  }
}
