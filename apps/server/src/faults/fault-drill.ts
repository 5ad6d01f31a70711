import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { KafkaSocketFactory } from '@tablecast/bus';
import type { EventLog } from '@tablecast/event-store';
import { APP_CONFIG, type AppConfig } from '../config';
import { brokerConnectionFaults, type BrokerConnectionFaults } from './broker-connection-faults';
import { withLogSubscriptionFaults, type LogSubscriptionFaults } from './log-subscription-faults';

/** The signal a fault drill sends the process (SIGUSR1 is Node's inspector). */
export const FAULT_SIGNAL = 'SIGUSR2';

/**
 * How long an injected broker outage lasts: longer than kafkajs takes to give up reconnecting
 * (under a second against brokers that refuse), so its consumer crashes and restarts as after a
 * real outage; short next to a hand, so a drill on a live gateway costs a few seconds of frames,
 * delivered late and not lost (they wait on the brokers).
 */
export const BROKER_OUTAGE_MS = 3_000;

/**
 * FAULT_INJECTION=signal (drills and tests only): each SIGUSR2 drops every log subscription the
 * process has open, as a store failover would, and makes the Kafka brokers of its feed bus
 * unreachable for BROKER_OUTAGE_MS (kafkajs client only), as a broker outage would. Off by
 * default: the signal is then not listened to.
 */
@Injectable()
export class FaultDrill implements OnApplicationShutdown {
  private readonly logger = new Logger(FaultDrill.name);
  private faults: LogSubscriptionFaults | undefined;
  private brokers: BrokerConnectionFaults | undefined;
  private listening = false;
  private readonly onSignal = (): void => {
    const dropped = this.faults?.dropAll() ?? 0;
    const cut = this.brokers?.cutAll(BROKER_OUTAGE_MS) ?? 0;
    this.logger.warn(
      `fault drill: dropped ${String(dropped)} log subscription(s), cut ${String(cut)} Kafka connection(s)`,
    );
  };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Called as the log is opened, before anything subscribes to it. */
  install(log: EventLog): void {
    if (this.config.FAULT_INJECTION !== 'signal' || this.faults !== undefined) return;
    this.faults = withLogSubscriptionFaults(log);
    this.listen();
  }

  /**
   * The socket factory for the feed bus's kafkajs client, whose connections the drill cuts; none
   * when drills are off (kafkajs opens its own).
   */
  brokerSockets(): KafkaSocketFactory | undefined {
    if (this.config.FAULT_INJECTION !== 'signal') return undefined;
    this.brokers ??= brokerConnectionFaults();
    this.listen();
    return this.brokers.socketFactory;
  }

  onApplicationShutdown(): void {
    process.off(FAULT_SIGNAL, this.onSignal);
    this.listening = false;
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    process.on(FAULT_SIGNAL, this.onSignal);
  }
}
