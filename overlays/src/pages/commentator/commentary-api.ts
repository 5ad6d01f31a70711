/** The server's answer for the commentator page (GET /api/commentary/:matchId). */
export type CommentaryAnswer =
  | { readonly matchId: string; readonly state: 'waiting' }
  | {
      readonly matchId: string;
      readonly state: 'delayBuilding';
      readonly status: { readonly resumesAt?: number | null };
    }
  | {
      readonly matchId: string;
      readonly state: 'live';
      readonly game: string;
      readonly view: { readonly revision: number; readonly game?: string };
      readonly extras: unknown;
    };

export type CommentaryResult =
  | { readonly ok: true; readonly answer: CommentaryAnswer }
  | { readonly ok: false; readonly status: number; readonly message: string };

/** One look at the commentary; the token goes in a header only. */
export async function fetchCommentary(matchId: string, token: string): Promise<CommentaryResult> {
  try {
    const response = await fetch(`/api/commentary/${encodeURIComponent(matchId)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: unknown };
      return {
        ok: false,
        status: response.status,
        message: typeof body.message === 'string' ? body.message : response.statusText,
      };
    }
    return { ok: true, answer: (await response.json()) as CommentaryAnswer };
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) };
  }
}
