import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { TokenRegistry } from './token-registry.service';
import { WhoamiController } from './whoami.controller';

@Global()
@Module({
  controllers: [WhoamiController],
  providers: [TokenRegistry, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [TokenRegistry],
})
export class AuthModule {}
