import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';

/**
 * The producer dashboard (issue #9) at the short address `/producer/` a producer can type: a
 * redirect to the built page under /overlays/ (Vite's base), keeping the query. The token stays in
 * the fragment, which a browser never sends and keeps across a redirect.
 */
export function serveProducerPage(app: NestExpressApplication): void {
  const express: Express = app.getHttpAdapter().getInstance();
  express.get(['/producer', '/producer/'], (request: Request, response: Response) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    response.redirect(302, `/overlays/producer/${query}`);
  });
}
