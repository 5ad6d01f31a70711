import type { NestExpressApplication } from '@nestjs/platform-express';
import { MatchIdSchema } from '@tablecast/protocol';
import type { Express, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The spectator site (issue #8) at `/watch/<match>`: the built `watch` overlay page, whatever the
 * match; the page reads the match from its path and subscribes to the public broadcast feed. Its
 * scripts load from /overlays/ (Vite's base), so only the HTML is served here.
 */
export function serveWatchPage(app: NestExpressApplication, overlaysDir: string): void {
  const page = join(overlaysDir, 'watch', 'index.html');
  if (!existsSync(page)) return;
  const express: Express = app.getHttpAdapter().getInstance();
  express.get('/watch/:match', (request: Request, response: Response) => {
    // Only ids the API accepts; anything else is a 404, not a page for a bogus match.
    if (!MatchIdSchema.safeParse(request.params.match).success) {
      response.status(404).json({ statusCode: 404, error: 'Not Found', message: 'no such match id: match' });
      return;
    }
    response.sendFile(page);
  });
}
