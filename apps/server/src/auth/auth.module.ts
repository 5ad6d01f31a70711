import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ErrorKernelModule } from '../errors/error-kernel.module';
import { AuthGuard } from './auth.guard';
import { SeatTokenRegistry } from './seat-tokens';
import { TokenRegistry } from './token-registry.service';
import { WhoamiController } from './whoami.controller';

@Global()
@Module({
  // The guard refuses with domain errors (401, 403): the kernel's filter must be there to answer them.
  imports: [ErrorKernelModule],
  controllers: [WhoamiController],
  providers: [TokenRegistry, SeatTokenRegistry, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [TokenRegistry, SeatTokenRegistry],
})
export class AuthModule {}
