import type { FastifyInstance } from 'fastify';
import { RequestValidationError } from '../errors';

/**
 * Request bodies as the server read them on Express, replacing Fastify's and Nest's parsers
 * (the app is created with `bodyParser: false`):
 * - JSON: an empty body is no body (`undefined`, so the route's schema names `(body)`), not
 *   Fastify's 400 for an empty JSON body; a malformed one is a 400 in our error shape naming the
 *   problem (Fastify's own SyntaxError would reach the global filter as a 500).
 * - a form (`application/x-www-form-urlencoded`): its fields as strings.
 * - any other content type, or none: the body is ignored (`undefined`), as body-parser left it, so
 *   the route answers as it does without a body instead of Fastify's 415.
 * Every body counts against the server's body limit (413 past it).
 */
export function installBodyParsers(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      done(new RequestValidationError([{ path: '(body)', message: `not valid JSON: ${reason}` }]));
    }
  });
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
    done(null, undefined);
  });
}
