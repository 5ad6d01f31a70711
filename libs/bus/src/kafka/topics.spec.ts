import { describe, expect, it } from 'vitest';
import { AUDIENCES } from '../audience';
import { BusConfigurationError } from '../errors';
import { assertValidTopicPrefix, audienceOfTopic, topicFor } from './topics';

describe('Kafka topics', () => {
  it('names one topic per audience and maps each back to its audience', () => {
    for (const audience of AUDIENCES) {
      expect(audienceOfTopic('tablecast.prod', topicFor('tablecast.prod', audience))).toBe(audience);
    }
    expect(topicFor('tablecast', 'venue')).toBe('tablecast.venue');
  });

  it('does not map topics of another prefix or an unknown audience', () => {
    expect(audienceOfTopic('tablecast', 'other.venue')).toBeUndefined();
    expect(audienceOfTopic('tablecast', 'tablecast.public')).toBeUndefined();
    expect(audienceOfTopic('tablecast', 'tablecastvenue')).toBeUndefined();
  });

  it('refuses prefixes Kafka would refuse as topic names', () => {
    expect(() => {
      assertValidTopicPrefix('tablecast-prod_1.feeds');
    }).not.toThrow();
    for (const bad of ['', 'table cast', 'feeds/venue', 'x'.repeat(240)]) {
      expect(() => {
        assertValidTopicPrefix(bad);
      }, bad).toThrow(BusConfigurationError);
    }
  });
});
