import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { EventLog } from '@tablecast/event-store';
import { APP_CONFIG, type AppConfig } from '../config';
import { withLogSubscriptionFaults, type LogSubscriptionFaults } from './log-subscription-faults';

/** The signal a fault drill sends the process (SIGUSR1 is Node's inspector). */
export const FAULT_SIGNAL = 'SIGUSR2';

/**
 * FAULT_INJECTION=signal (drills and tests only): each SIGUSR2 drops every log subscription the
 * process has open, as a store failover would. Off by default: the signal is then not listened to.
 */
@Injectable()
export class FaultDrill implements OnApplicationShutdown {
  private readonly logger = new Logger(FaultDrill.name);
  private faults: LogSubscriptionFaults | undefined;
  private readonly onSignal = (): void => {
    const dropped = this.faults?.dropAll() ?? 0;
    this.logger.warn(`fault drill: dropped ${String(dropped)} log subscription(s)`);
  };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Called as the log is opened, before anything subscribes to it. */
  install(log: EventLog): void {
    if (this.config.FAULT_INJECTION !== 'signal' || this.faults !== undefined) return;
    this.faults = withLogSubscriptionFaults(log);
    process.on(FAULT_SIGNAL, this.onSignal);
  }

  onApplicationShutdown(): void {
    process.off(FAULT_SIGNAL, this.onSignal);
  }
}
