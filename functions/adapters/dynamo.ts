import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { withoutSdkLogging } from './sdk-client.js';

/**
 * One client per container, in its own module so a function bundles only the SDK clients it uses. Endpoints come
 * from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables, so the local cloud and AWS run the same code.
 */
export const dynamo = withoutSdkLogging(new DynamoDBClient({ region: config.AWS_REGION, maxAttempts: 5 }));
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});
