import { Kafka } from 'kafkajs';
import { loadConfluentKafkaJs } from '../kafka-confluent/confluent-client';

/**
 * Both Kafka clients' `Kafka` classes, whose `consumer` method builds every consumer the bus
 * makes: a test of another package spies on `prototype.consumer` to see the settings a
 * subscription's consumer was built with (the Confluent one is loaded as the bus loads it).
 */
export function kafkaClientClasses(): { kafkajs: typeof Kafka; confluent: { prototype: object } } {
  return { kafkajs: Kafka, confluent: loadConfluentKafkaJs().Kafka };
}
