import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config.js';

/**
 * Clients are made once per container. Endpoints come from the SDK's own AWS_ENDPOINT_URL_<SERVICE>
 * variables, so the local cloud and AWS run the same code.
 */
const region = config.AWS_REGION;

export const dynamo = new DynamoDBClient({ region, maxAttempts: 5 });
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});
export const s3 = new S3Client({ region, forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
export const sqs = new SQSClient({ region });
export const ses = new SESv2Client({ region });
