import type { LocalCloud } from '../../infra/local/cloud.js';

/**
 * A fresh growth seller on the bench's own cloud. The test support reads the cloud's endpoints from the environment
 * when it is first imported, so they are set before the import.
 */
export async function benchSeller(cloud: LocalCloud) {
  process.env.TEST_API_URL = cloud.endpoints.apiUrl;
  process.env.TEST_COGNITO_ENDPOINT = cloud.endpoints.cognito.endpoint;
  process.env.TEST_USER_POOL_ID = cloud.resources.userPoolId;
  process.env.TEST_CLIENT_ID = cloud.resources.clientId;
  const { createTestSeller } = await import('../support/sellers.js');
  return createTestSeller({ plan: 'growth' });
}
