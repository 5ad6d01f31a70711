/** Fixed staff tokens for integration tests (the server is configured with exactly these). */
export const TEST_TOKENS = {
  referee: 'test-referee-token-000001',
  arbiter: 'test-arbiter-token-000001',
  producer: 'test-producer-token-00001',
  operatorT1: 'test-operator-t1-token-01',
  operatorT2: 'test-operator-t2-token-01',
} as const;

export const TEST_TOKENS_SPEC = [
  `referee=${TEST_TOKENS.referee}`,
  `arbiter=${TEST_TOKENS.arbiter}`,
  `producer=${TEST_TOKENS.producer}`,
  `operator:t1=${TEST_TOKENS.operatorT1}`,
  `operator:t2=${TEST_TOKENS.operatorT2}`,
].join(',');
