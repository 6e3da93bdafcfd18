import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config.js';

export const ses = new SESv2Client({ region: config.AWS_REGION });
