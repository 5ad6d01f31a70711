import type { Audience } from '../audience';
import type { BusMessage } from '../bus-message';
import type { BusDeliveryError } from '../errors';
import type { BusHandler } from '../port';

/** A subscriber for tests: keeps what it was given, and its delivery errors, in arrival order. */
export class Recorder {
  readonly received: BusMessage[] = [];
  readonly errors: BusDeliveryError[] = [];
  readonly handler: BusHandler = (message) => {
    this.received.push(message);
  };
  readonly onError = (error: BusDeliveryError): void => {
    this.errors.push(error);
  };

  seqs(matchId: string, audience?: Audience): number[] {
    return this.received
      .filter(
        (message) => message.matchId === matchId && (audience === undefined || message.audience === audience),
      )
      .map((message) => message.seq);
  }

  /** `audience/match/seq` labels, sorted, to compare sets of deliveries. */
  labels(): string[] {
    return this.received.map(label).sort();
  }
}

export function label(message: Pick<BusMessage, 'audience' | 'matchId' | 'seq'>): string {
  return `${message.audience}/${message.matchId}/${message.seq}`;
}
