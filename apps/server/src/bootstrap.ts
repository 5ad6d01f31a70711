import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppModule } from './app.module';
import type { Clock } from './clock/clock';
import { TablecastWsAdapter } from './gateway/tablecast-ws-adapter';
import type { AppConfig } from './config';
import { acquireDataDirLock, releaseDataDirLock } from '@tablecast/event-store';
import { installBodyParsers } from './http/body-parsers';
import { TablecastFastifyAdapter } from './http/fastify-platform';
import { setupOpenApi } from './http/openapi';
import { serveLandingPage } from './http/landing-page';
import { serveProducerPage } from './http/producer-page';
import { installRequestLog } from './http/request-log';
import { serveWatchPage } from './http/watch-page';

/** Where `npm run build` puts the overlays, relative to this file in src/ or dist/. */
const DEFAULT_OVERLAYS_DIR = resolve(__dirname, '..', '..', '..', 'overlays', 'dist');

export interface RunningServer {
  readonly app: NestFastifyApplication;
  /** Base URL with the port actually bound (useful with PORT=0). */
  readonly url: string;
}

export interface AppOptions {
  /**
   * Let Nest close the app on SIGTERM/SIGINT (then re-raise the signal). Off for hosts that
   * handle signals themselves, such as the demo, which first stops its bots.
   */
  readonly shutdownHooks?: boolean;
  /** The CLOCK the app's services read; the system clock when absent (tests step it). */
  readonly clock?: Clock;
}

export async function createApp(
  config: AppConfig,
  options: AppOptions = {},
): Promise<NestFastifyApplication> {
  // One server per data dir, taken before anything in it is opened (DataDirLockedError otherwise);
  // given up when the app closes (DataDirLockRelease) or the process dies.
  // A gateway-only process (TABLECAST_ROLE=gateway) opens nothing in a data dir and takes no lock.
  const gateway = config.TABLECAST_ROLE === 'gateway';
  const lock = gateway ? undefined : acquireDataDirLock(config.TABLECAST_DATA_DIR);
  let app: NestFastifyApplication;
  try {
    // Fastify, not Express: the HTTP layer was about a third of a command's server CPU.
    app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot(config, options.clock),
      new TablecastFastifyAdapter(),
      // Bodies are read by http/body-parsers.ts, as they were on Express.
      { bufferLogs: true, bodyParser: false },
    );
  } catch (error) {
    lock?.release();
    throw error;
  }
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  // The first hook of every request, so a body that fails to parse is logged too.
  installRequestLog(fastify, () => PinoLogger.root);
  installBodyParsers(fastify);
  app.useWebSocketAdapter(new TablecastWsAdapter(app, config.WS_MAX_PAYLOAD));
  if (options.shutdownHooks ?? true) app.enableShutdownHooks();

  const overlaysDir = config.TABLECAST_OVERLAYS_DIR ?? DEFAULT_OVERLAYS_DIR;
  // A feeds or projector process serves no page: spectators are the gateways', staff the full
  // server's.
  const servesPages = config.TABLECAST_ROLE !== 'feeds' && config.TABLECAST_ROLE !== 'projector';
  if (servesPages && existsSync(overlaysDir)) {
    // `redirect`: a directory without its slash redirects to it, as Express's static files did.
    app.useStaticAssets({ root: overlaysDir, prefix: '/overlays/', redirect: true });
    serveWatchPage(app, overlaysDir);
    serveLandingPage(app, overlaysDir, gateway);
    // The producer dashboard reads the full server's API; a gateway serves the spectator pages.
    if (!gateway) serveProducerPage(app);
  } else if (servesPages) {
    app.get(Logger).warn(`overlays not built (${overlaysDir} missing); run \`npm run build\``);
  }
  // A projector serves its probes and metrics only: it has no API to describe.
  if (config.TABLECAST_ROLE !== 'projector') setupOpenApi(app);
  return app;
}

export async function startServer(config: AppConfig, options: AppOptions = {}): Promise<RunningServer> {
  const app = await createApp(config, options);
  try {
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    // A boot that failed in init or listen: this process does not serve the data dir after all.
    // Closing the app shuts what init opened (the stores' SQLite connections, the bus, the release
    // timers), so a host that starts again in this process is the data dir's only writer.
    await closeAfterFailedBoot(app);
    if (config.TABLECAST_ROLE !== 'gateway') releaseDataDirLock(config.TABLECAST_DATA_DIR);
    throw error;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return { app, url: `http://${host}:${port}` };
}

/** A hook that fails here must not hide why the boot failed: the caller rethrows the boot error. */
async function closeAfterFailedBoot(app: NestFastifyApplication): Promise<void> {
  try {
    await app.close();
  } catch (error) {
    const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
    app.get(Logger).error(`closing the app after a failed boot: ${reason}`);
  }
}
