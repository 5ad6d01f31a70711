import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MatchIdSchema } from '@tablecast/protocol';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The spectator site at `/watch/<match>`: the built `watch` overlay page, whatever the match; the
 * page reads the match from its path and subscribes to the public broadcast feed. At `/watch` it
 * is the index of matches. Its
 * scripts load from /overlays/ (Vite's base), so only the HTML is served here. `sendFile` is
 * @fastify/static's, registered for /overlays/ before this (bootstrap.ts).
 */
export function serveWatchPage(app: NestFastifyApplication, overlaysDir: string): void {
  const dir = join(overlaysDir, 'watch');
  if (!existsSync(join(dir, 'index.html'))) return;
  const fastify = app.getHttpAdapter().getInstance();
  // No match named: the same page lists the live and past matches (from /api/watch/matches).
  // `/watch/` too: the router ignores a trailing slash.
  fastify.get('/watch', (_request, reply) => reply.sendFile('index.html', dir));
  fastify.get<{ Params: { match: string } }>('/watch/:match', (request, reply) => {
    // Only ids the API accepts; anything else is a 404, not a page for a bogus match.
    if (!MatchIdSchema.safeParse(request.params.match).success) {
      return reply
        .code(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'no such match id: match' });
    }
    return reply.sendFile('index.html', dir);
  });
}
