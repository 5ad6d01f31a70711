/** One connected on-air page (or /watch) as the server's registry sees it (GET /api/producer/pages). */
export interface OverlayPageView {
  readonly pageId: string;
  readonly page: string;
  readonly build: string;
  readonly matchId: string | null;
  readonly audience: string | null;
  readonly lang: string | null;
  /** What the page follows, when it follows a table (`table=`) or the program (`onair=1`). */
  readonly table?: string;
  readonly onAir?: true;
  /** The seat a lower third names (`seat=`). */
  readonly seat?: string;
  readonly connectedAt: string;
  readonly lastMessageAt: string;
  readonly lastSeq: number | null;
  readonly stale: boolean;
}
