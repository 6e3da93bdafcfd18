import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { TestSeller } from './sellers.js';

type Handler = (event: APIGatewayProxyEventV2) => Promise<unknown>;

/**
 * Calls a call group's handler in the test's own process, as API Gateway would, for tests that inject DynamoDB
 * faults (test/support/ddb-faults.ts): the local gateway runs the handlers in another process the faults cannot reach.
 */
export async function callInProcess(
  handler: Handler,
  seller: TestSeller,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<APIGatewayProxyStructuredResultV2> {
  return (await handler({
    version: '2.0',
    routeKey: `${method} /api${path}`,
    rawPath: `/api${path}`,
    rawQueryString: '',
    headers: { authorization: `Bearer ${seller.idToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { http: { method, path: `/api${path}` }, requestId: crypto.randomUUID() },
  } as unknown as APIGatewayProxyEventV2)) as APIGatewayProxyStructuredResultV2;
}
