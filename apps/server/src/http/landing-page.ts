import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's address `/`: the built `landing` overlay page (every table, its state and links;
 * the data from the public `GET /api/tables`). Its scripts load from /overlays/ (Vite's base), so
 * only the HTML is served here; a token in its `#token=` fragment never reaches the server. A
 * gateway-only process has no tables: its `/` stays the status page. `sendFile` is
 * @fastify/static's, registered for /overlays/ before this (bootstrap.ts).
 */
export function serveLandingPage(app: NestFastifyApplication, overlaysDir: string, gateway: boolean): void {
  const fastify = app.getHttpAdapter().getInstance();
  const dir = join(overlaysDir, 'landing');
  if (gateway || !existsSync(join(dir, 'index.html'))) {
    fastify.get('/', (_request, reply) => reply.redirect('/overlays/status/', 302));
    return;
  }
  fastify.get('/', (_request, reply) => reply.sendFile('index.html', dir));
}
