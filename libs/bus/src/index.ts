/**
 * The fan-out bus port and its adapters. The contract suite, fixtures and the kcat mock helper
 * stay out of here: they are test code and must not reach the server's runtime.
 */
export { AUDIENCES, isAudience, type Audience } from './audience';
export { describeBusMessage, findBusMessageProblem, type BusMessage, type BusPayload } from './bus-message';
export {
  BusClosedError,
  BusConfigurationError,
  BusDeliveryError,
  BusUnavailableError,
  InvalidBusMessageError,
  type BusDeliveryFailure,
} from './errors';
export type {
  BusHandler,
  BusSubscribeOptions,
  BusSubscription,
  BusSubscriptionHealth,
  FeedBus,
} from './port';
export { createInProcessBus, type InProcessBusOptions } from './in-process/in-process-bus';
export { createMessagePortPublisher, type MessagePortPublisherOptions } from './message-port/port-publisher';
export {
  relayMessagePort,
  type MessagePortRelay,
  type MessagePortRelayOptions,
} from './message-port/port-relay';
export {
  createKafkaBus,
  type KafkaBusLogEntry,
  type KafkaBusOptions,
  type KafkaSocketFactory,
} from './kafka/kafka-bus';
export { createConfluentKafkaBus } from './kafka-confluent/confluent-bus';
export type { ConsumerTimings as KafkaConsumerTimings, KafkaReceiveTiming } from './kafka/kafka-subscription';
export {
  createKafkaRecordProducer,
  type KafkaRecordProducer,
  type KafkaRecordProducerOptions,
  type OutboxRecord,
} from './outbox/kafka-record-producer';
export {
  OUTBOX_EVENT_ID_HEADER,
  OUTBOX_POSITION_HEADER,
  parseOutboxPosition,
  startOutboxConsumer,
  type OutboxConsumer,
  type OutboxConsumerOptions,
  type OutboxDelivery,
} from './outbox/outbox-consumer';
export { DEFAULT_CONSUMER_TIMINGS as KAFKA_DEFAULT_CONSUMER_TIMINGS } from './kafka/bus-setup';
