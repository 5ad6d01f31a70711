/**
 * Test helpers other packages use (`@tablecast/bus/testing`): a librdkafka mock cluster for the
 * Kafka bus, run by kcat. Tests only; nothing in production imports this subpath.
 */
export { startKafkaMockCluster, type KafkaMockCluster } from '../kafka/kafka-mock-cluster';
export { kafkaClientClasses } from './kafka-client-classes';
export {
  startMockClusterOutage,
  type MockClusterOutage,
  type MockClusterOutageOptions,
} from '../kafka/mock-cluster-outage';
