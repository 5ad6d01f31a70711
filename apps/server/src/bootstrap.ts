import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { WsAdapter } from '@nestjs/platform-ws';
import { Logger, PinoLogger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppModule } from './app.module';
import type { AppConfig } from './config';
import { acquireDataDirLock, releaseDataDirLock } from './data-dir/data-dir-lock';
import { setupOpenApi } from './http/openapi';
import { serveProducerPage } from './http/producer-page';
import { requestLog } from './http/request-log';
import { serveWatchPage } from './http/watch-page';

/** Where `npm run build` puts the overlays, relative to this file in src/ or dist/. */
const DEFAULT_OVERLAYS_DIR = resolve(__dirname, '..', '..', '..', 'overlays', 'dist');

export interface RunningServer {
  readonly app: NestExpressApplication;
  /** Base URL with the port actually bound (useful with PORT=0). */
  readonly url: string;
}

export interface AppOptions {
  /**
   * Let Nest close the app on SIGTERM/SIGINT (then re-raise the signal). Off for hosts that
   * handle signals themselves, such as the demo, which first stops its bots.
   */
  readonly shutdownHooks?: boolean;
}

export async function createApp(
  config: AppConfig,
  options: AppOptions = {},
): Promise<NestExpressApplication> {
  // One server per data dir, taken before anything in it is opened (DataDirLockedError otherwise);
  // given up when the app closes (DataDirLockRelease) or the process dies.
  // A gateway-only process (TABLECAST_ROLE=gateway) opens nothing in a data dir and takes no lock.
  const gateway = config.TABLECAST_ROLE === 'gateway';
  const lock = gateway ? undefined : acquireDataDirLock(config.TABLECAST_DATA_DIR);
  let app: NestExpressApplication;
  try {
    app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
      bufferLogs: true,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  app.useLogger(app.get(Logger));
  // First in the chain, so a body that fails to parse is logged too.
  app.use(requestLog(() => PinoLogger.root));
  app.useWebSocketAdapter(new WsAdapter(app));
  if (options.shutdownHooks ?? true) app.enableShutdownHooks();

  const overlaysDir = config.TABLECAST_OVERLAYS_DIR ?? DEFAULT_OVERLAYS_DIR;
  if (existsSync(overlaysDir)) {
    app.useStaticAssets(overlaysDir, { prefix: '/overlays/' });
    serveWatchPage(app, overlaysDir);
    // The producer dashboard reads the full server's API; a gateway serves the spectator pages.
    if (!gateway) serveProducerPage(app);
  } else {
    app.get(Logger).warn(`overlays not built (${overlaysDir} missing); run \`npm run build\``);
  }
  setupOpenApi(app);
  return app;
}

export async function startServer(config: AppConfig, options: AppOptions = {}): Promise<RunningServer> {
  const app = await createApp(config, options);
  try {
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    // A boot that failed in init or listen: this process does not serve the data dir after all.
    if (config.TABLECAST_ROLE !== 'gateway') releaseDataDirLock(config.TABLECAST_DATA_DIR);
    throw error;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return { app, url: `http://${host}:${port}` };
}
