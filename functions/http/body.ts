import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { MESSAGES } from '../../shared/api/messages.js';
import { InvalidInput } from '../domain/errors.js';

export function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

export function parseJson(event: APIGatewayProxyEventV2): unknown {
  const raw = rawBody(event);
  if (raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InvalidInput({ body: MESSAGES.bodyNotJson });
  }
}
