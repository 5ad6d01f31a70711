/**
 * The audiences a match feed is published for. Each one is a separate stream on the bus
 * (a Kafka topic per audience), so a gateway that serves only public screens never receives, not
 * even in memory, a frame meant for staff.
 *
 * Add an audience here and every adapter picks it up: subscribers that name no audiences get all.
 */
export const AUDIENCES = ['staff', 'venue', 'broadcast', 'commentary'] as const;

export type Audience = (typeof AUDIENCES)[number];

export function isAudience(value: string): value is Audience {
  return (AUDIENCES as readonly string[]).includes(value);
}
