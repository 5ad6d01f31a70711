import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { FastifyAdapter } from '@nestjs/platform-fastify';

type NestStaticOptions = Parameters<FastifyAdapter['useStaticAssets']>[0];

/**
 * Largest request body, in bytes: 100 KiB, body-parser's default that the server had on Express.
 * A command is well under 2 KB; a bigger body is refused with 413 before it is parsed.
 */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * The Fastify adapter the server runs on (about a third of a command's server CPU was the
 * Express and Nest HTTP layer). Options that keep what the Express platform did: a trailing slash
 * routes like none (`/api/matches/` is `/api/matches`), paths match whatever their case (parameters
 * keep theirs), a path parameter of any length reaches its route (past Fastify's default of 100
 * characters the router itself would answer 404, before the route could name the bad id), and
 * Express's body limit.
 */
export class TablecastFastifyAdapter extends FastifyAdapter {
  constructor() {
    super({
      bodyLimit: BODY_LIMIT_BYTES,
      // Node's own default, which the server had on Express (Fastify turns it off): a client that
      // trickles a request for 5 minutes is cut off.
      requestTimeout: 300_000,
      routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 2048 },
    });
  }

  /**
   * The adapter requires `@fastify/static` from its own folder, where npm did not put it (it is
   * installed under apps/server, which declares it): the plugin is handed over from here. The
   * overlays and the OpenAPI page's assets are served through this.
   */
  override useStaticAssets(options: NestStaticOptions): this {
    // Nest's copy of the options type is the plugin's, with `serve` widened to boolean.
    void this.getInstance().register(fastifyStatic, options as FastifyStaticOptions);
    return this;
  }
}
