import type { FeedFrame } from '@tablecast/protocol';
import { createHash } from 'node:crypto';
import type { FrameView } from './archived-views';

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
  /** The archive's name for the view's bytes, computed at most once per view (`archived`). */
  private viewKey: FrameView | undefined;

  encode(frame: FeedFrame<unknown>): Buffer {
    const { view, ...head } = frame;
    if (view === null) return Buffer.from(JSON.stringify(frame), 'utf8');
    if (view !== this.view) {
      this.view = view;
      this.viewJson = JSON.stringify(view);
      this.viewKey = undefined;
    }
    // `view` is the frame's last field (MatchFeed builds it so): the head's JSON without its
    // closing brace, then the view, is the frame's JSON byte for byte.
    const headJson = JSON.stringify(head);
    return Buffer.from(`${headJson.slice(0, -1)},"view":${this.viewJson}}`, 'utf8');
  }

  /**
   * The frame's bytes, and where its view sits in them for the archive to keep once (undefined:
   * a frame without a view). The view's key is hashed once for all the frames that carry it.
   */
  archived(frame: FeedFrame<unknown>): { readonly payload: Buffer; readonly view: FrameView | undefined } {
    const payload = this.encode(frame);
    if (frame.view === null) return { payload, view: undefined };
    this.viewKey ??= {
      key: createHash('sha256').update(this.viewJson).digest(),
      bytes: Buffer.byteLength(this.viewJson),
    };
    return { payload, view: this.viewKey };
  }
}
