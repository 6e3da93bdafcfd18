import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE } from '../shared/ops/metrics.js';
import { config } from './config.js';

/** One logger and one metrics sink per container; JSON logs and EMF metrics go to CloudWatch. */
export const logger = new Logger({ serviceName: config.POWERTOOLS_SERVICE_NAME });
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: config.POWERTOOLS_SERVICE_NAME });
