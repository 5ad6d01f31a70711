import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DomainExceptionFilter } from './domain-exception.filter';

/**
 * Installs the one exception filter for the whole app. The auth module imports it too: its guard
 * refuses with domain errors, which only this filter turns into 401 and 403.
 */
@Module({ providers: [{ provide: APP_FILTER, useClass: DomainExceptionFilter }] })
export class ErrorKernelModule {}
