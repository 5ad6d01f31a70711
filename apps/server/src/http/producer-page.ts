import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * The producer dashboard at the short address `/producer/` a producer can type: a
 * redirect to the built page under /overlays/ (Vite's base), keeping the query. The token stays in
 * the fragment, which a browser never sends and keeps across a redirect. The route answers with
 * and without the trailing slash (the router ignores it, fastify-platform.ts).
 */
export function serveProducerPage(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/producer', (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/overlays/producer/${query}`, 302);
  });
}
