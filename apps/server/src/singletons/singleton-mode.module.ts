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
