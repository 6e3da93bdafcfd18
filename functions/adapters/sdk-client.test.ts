import { describe, expect, it } from 'vitest';
import { documentClient, dynamo } from './dynamo.js';
import { s3 } from './s3.js';
import { ses } from './ses.js';
import { sqs } from './sqs.js';

describe('SDK clients', () => {
  it('have no logger step: nothing copies each request and answer for a logger no function gives them', () => {
    for (const client of [dynamo, documentClient, ses, sqs, s3]) {
      const steps = client.middlewareStack.identify().join('\n');
      expect(steps).toContain('retryMiddleware');
      expect(steps).not.toContain('loggerMiddleware');
    }
  });
});
