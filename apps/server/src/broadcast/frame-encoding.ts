import type { FeedFrame } from '@tablecast/protocol';

/**
 * Encodes the frames of one step of a feed as the bytes the gateways send and the archive keeps:
 * exactly `JSON.stringify(frame)` in UTF-8. The delayed audiences' frames of a release carry the
 * same view object (broadcast and commentary see the same thing), and the view is nearly all of a
 * frame's bytes: it is stringified once for all the frames that carry it, not once per audience.
 * One encoder per step: a view is recognised by identity, and the feed never changes a view it
 * has handed out.
 */
export class FrameEncoder {
  private view: unknown = null;
  private viewJson = '';

  encode(frame: FeedFrame<unknown>): Buffer {
    const { view, ...head } = frame;
    if (view === null) return Buffer.from(JSON.stringify(frame), 'utf8');
    if (view !== this.view) {
      this.view = view;
      this.viewJson = JSON.stringify(view);
    }
    // `view` is the frame's last field (MatchFeed builds it so): the head's JSON without its
    // closing brace, then the view, is the frame's JSON byte for byte.
    const headJson = JSON.stringify(head);
    return Buffer.from(`${headJson.slice(0, -1)},"view":${this.viewJson}}`, 'utf8');
  }
}
