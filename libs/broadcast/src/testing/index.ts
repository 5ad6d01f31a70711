/**
 * Test helpers other packages use (`@tablecast/broadcast/testing`): a librdkafka mock cluster
 * for the Kafka bus, run by kcat. Tests only; nothing in production imports this subpath.
 */
export { startKafkaMockCluster, type KafkaMockCluster } from '../bus/kafka/kafka-mock-cluster';
export { feedInputAt } from '../feeds/testing';
