import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { TestSeller } from './sellers.js';

type Handler = (event: APIGatewayProxyEventV2) => Promise<unknown>;

/** A body as API Gateway hands it over: JSON as text, a form (uploads) as its multipart bytes, base64-encoded. */
async function encoded(body: unknown): Promise<{ body?: string; isBase64Encoded: boolean; contentType?: string }> {
  if (body === undefined) return { isBase64Encoded: false, contentType: 'application/json' };
  if (!(body instanceof FormData)) return { body: JSON.stringify(body), isBase64Encoded: false, contentType: 'application/json' };
  const request = new Request('http://127.0.0.1/', { method: 'POST', body });
  const bytes = Buffer.from(await request.arrayBuffer());
  return { body: bytes.toString('base64'), isBase64Encoded: true, contentType: request.headers.get('content-type') ?? undefined };
}

/**
 * Calls a call group's handler in the test's own process, as API Gateway would, for tests that inject DynamoDB
 * faults (test/support/ddb-faults.ts) or read what the handler writes to stdout: the local gateway runs the
 * handlers in another process the faults and the capture cannot reach. `headers` are sent besides the token's; a
 * query string in `path` is handed over as API Gateway parses it.
 */
export async function callInProcess(
  handler: Handler,
  seller: TestSeller,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<APIGatewayProxyStructuredResultV2> {
  const { body: text, isBase64Encoded, contentType } = await encoded(body);
  // A query (`/customers/get?id=...`) as API Gateway hands it over: apart from the path.
  const [route = path, query = ''] = path.split('?');
  const params = Object.fromEntries(new URLSearchParams(query));
  return (await handler({
    version: '2.0',
    routeKey: `${method} /api${route}`,
    rawPath: `/api${route}`,
    rawQueryString: query,
    ...(query ? { queryStringParameters: params } : {}),
    headers: { authorization: `Bearer ${seller.idToken}`, ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    body: text,
    isBase64Encoded,
    requestContext: { http: { method, path: `/api${route}` }, requestId: crypto.randomUUID() },
  } as unknown as APIGatewayProxyEventV2)) as APIGatewayProxyStructuredResultV2;
}
