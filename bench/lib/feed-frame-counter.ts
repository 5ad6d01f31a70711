/**
 * Counts a spectator's feed frames straight from its TCP byte stream (server to client, RFC 6455
 * section 5.2), for the feeds benchmark's clients that only count (bench/lib/feeds-roles.ts).
 *
 * Why by hand rather than through `ws`: the clients' process is on one core with N sockets and
 * was the benchmark's bottleneck (it measured itself instead of the servers). `ws`'s Receiver is a
 * Writable stream per socket that copies, validates and emits every message; counting needs only
 * each frame's header and the first bytes of its payload, so this keeps a few numbers per socket
 * and allocates nothing per frame. `ws` still does the handshake and sends the subscribe, and the
 * clients that measure latency (one in ten) still read their frames through `ws`.
 *
 * Handles a frame split across chunks anywhere (even inside its header or the prefix) and several
 * frames in one chunk; 7-, 16- and 64-bit lengths. A message is counted by its first frame (a text
 * frame whose payload starts with the prefix); continuation and control frames are skipped (no
 * pong is sent: the servers measured do not ping). A masked frame is an error: a server must
 * not mask (RFC 6455 section 5.1), so the bytes are not a server's frames.
 */
export class FeedFrameCounter {
  /** Feed messages seen after the skipped ones. */
  frames = 0;
  private skip: number;
  /** The current frame's header bytes so far (at most 2 + 8: no mask key from a server). */
  private readonly header = Buffer.alloc(10);
  private headerLength = 0;
  /** In a payload: bytes of it still to come, and how many prefix bytes matched (-1: no match). */
  private inPayload = false;
  private payloadLeft = 0;
  private matched = 0;
  private opcode = 0;

  /**
   * @param prefix bytes a counted message's payload starts with (`{"type":"feed"`)
   * @param skip how many such messages to leave uncounted first (the snapshot)
   */
  constructor(
    private readonly prefix: Buffer,
    skip: number,
  ) {
    this.skip = skip;
  }

  /** Reads `chunk` up to `end` (a read into a reused buffer fills only its start). */
  push(chunk: Buffer, end = chunk.length): void {
    let at = 0;
    while (at < end) {
      if (!this.inPayload) {
        at = this.readHeader(chunk, at, end);
        continue;
      }
      const take = Math.min(this.payloadLeft, end - at);
      if (this.matched >= 0 && this.matched < this.prefix.length) {
        const n = Math.min(take, this.prefix.length - this.matched);
        const same = chunk.compare(this.prefix, this.matched, this.matched + n, at, at + n) === 0;
        this.matched = same ? this.matched + n : -1;
      }
      at += take;
      this.payloadLeft -= take;
      if (this.payloadLeft === 0) this.endFrame();
    }
  }

  /** Takes header bytes from `at`; returns where it stopped (the payload's start once complete). */
  private readHeader(chunk: Buffer, at: number, end: number): number {
    let next = at;
    while (next < end) {
      this.header[this.headerLength] = chunk[next] ?? 0;
      this.headerLength += 1;
      next += 1;
      if (this.headerLength < 2) continue;
      const second = this.header[1] ?? 0;
      if ((second & 0x80) !== 0) throw new Error('masked frame from the server (RFC 6455 5.1)');
      const length7 = second & 0x7f;
      const needed = length7 === 126 ? 4 : length7 === 127 ? 10 : 2;
      if (this.headerLength < needed) continue;
      this.opcode = (this.header[0] ?? 0) & 0x0f;
      this.payloadLeft =
        length7 === 126
          ? this.header.readUInt16BE(2)
          : length7 === 127
            ? this.header.readUInt32BE(2) * 2 ** 32 + this.header.readUInt32BE(6)
            : length7;
      this.headerLength = 0;
      this.matched = 0;
      this.inPayload = true;
      if (this.payloadLeft === 0) this.endFrame();
      return next;
    }
    return next;
  }

  private endFrame(): void {
    this.inPayload = false;
    // Opcode 1: a text message's first frame (0 continues one, 8 and up are control frames).
    if (this.opcode !== 1 || this.matched !== this.prefix.length) return;
    if (this.skip > 0) this.skip -= 1;
    else this.frames += 1;
  }
}
