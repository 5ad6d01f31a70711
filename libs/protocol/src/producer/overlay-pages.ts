/** One connected on-air page (or /watch) as the server's registry sees it (GET /api/producer/pages). */
export interface OverlayPageView {
  readonly pageId: string;
  readonly page: string;
  readonly build: string;
  readonly matchId: string | null;
  readonly audience: string | null;
  readonly lang: string | null;
  readonly connectedAt: string;
  readonly lastMessageAt: string;
  readonly lastSeq: number | null;
  readonly stale: boolean;
}
