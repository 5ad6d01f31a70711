import { Global, Module } from '@nestjs/common';
import { SINGLETON_MODE, type SingletonMode } from './singleton-mode';

const ON_LEASE: SingletonMode = { startAtBoot: false };

/** The `control` role's mode: every singleton waits for the control lease (global, so each module's service sees it). */
@Global()
@Module({
  providers: [{ provide: SINGLETON_MODE, useValue: ON_LEASE }],
  exports: [SINGLETON_MODE],
})
export class SingletonsOnLeaseModule {}

/**
 * The `api` role's mode (TC-SCALE-2): no lease keeper starts them, so its singletons stay idle;
 * several api processes share one log, and each would reveal, time out or record the same thing
 * again. The `control` role runs them for the deployment.
 */
@Global()
@Module({
  providers: [{ provide: SINGLETON_MODE, useValue: ON_LEASE }],
  exports: [SINGLETON_MODE],
})
export class SingletonsIdleModule {}
