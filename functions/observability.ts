import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MetricUnit as Unit } from '@aws-lambda-powertools/metrics/types';
import { METRICS_NAMESPACE, type MetricName } from '../shared/ops/metrics.js';
import { config } from './config.js';

/**
 * The work in progress: its correlation id (the browser's id for a request, carried by every message the request
 * queues and by every message a worker queues while handling one) and, for a request, its route and seller once
 * known. Held per asynchronous context, not in a module variable nor in the logger's keys: a worker handles
 * parallel records side by side in one process (and the local cloud runs many requests and workers at once), and
 * each must carry its own.
 */
interface Work {
  id: string;
  route?: string;
  sellerId?: string;
}
const current = new AsyncLocalStorage<Work>();

/**
 * Powertools' JSON line (its default keys), with the ids of the work in progress read as each line is written. The
 * logger's appended keys are one set for the whole container: records handled side by side overwrote each other's
 * id in them, and injectLambdaContext's resetKeys cleared a request's before the error mapping, outermost, logged
 * its failure. The line's own attributes win over the work's.
 */
class WorkLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const work = current.getStore();
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: attributes.lambdaContext?.coldStart,
        function_arn: attributes.lambdaContext?.invokedFunctionArn,
        function_memory_size: attributes.lambdaContext?.memoryLimitInMB,
        function_name: attributes.lambdaContext?.functionName,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
        tenant_id: attributes.lambdaContext?.tenantId,
      },
    }).addAttributes({ correlationId: work?.id, route: work?.route, sellerId: work?.sellerId, ...additional });
  }
}

/** One logger and one metrics sink per container; JSON logs and EMF metrics go to CloudWatch. */
export const logger = new Logger({ serviceName: config.POWERTOOLS_SERVICE_NAME, logFormatter: new WorkLogFormatter() });
/**
 * Powertools' own warnings (a dimension it drops, say) go through the logger, so LOG_LEVEL silences them too: the
 * local cloud (`npm start`) prints none of them.
 */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: config.POWERTOOLS_SERVICE_NAME, logger });

/**
 * Adds one of the product's metrics (shared/ops/metrics.ts) to this invocation's; the handler publishes them when
 * it ends (publishMetrics). Only the `service` dimension: the stack's alarms and dashboard read them by it alone.
 */
export function addMetric(name: MetricName, value = 1, unit: Unit = MetricUnit.Count): void {
  metrics.addMetric(name, unit, value);
}

/**
 * The latency of a call's action, published at once as a metric of its own with a `route` dimension: a `route`
 * dimension on the invocation's metrics would hide the product's metrics (labels bought, ...) from the alarms and
 * dashboard, which read them by `service` alone. One single-metric sink for the container rather than one a call
 * (`metrics.singleMetric()` reads the environment again each time it is made): adding the metric publishes it and
 * clears the dimension, in one synchronous step, so calls served side by side do not mix their routes.
 */
let actionLatency: Metrics | undefined;
export function addActionLatency(routeId: string, ms: number): void {
  actionLatency ??= metrics.singleMetric();
  actionLatency.addDimension('route', routeId).addMetric('ActionLatency', MetricUnit.Milliseconds, ms);
}

/**
 * Writes this invocation's metrics as one EMF line; nothing at all when there are none, where Powertools would warn
 * on every request that emitted nothing.
 */
export function publishMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}

/**
 * What we accept as a correlation id from outside: it is copied into log lines and message attributes, so it is
 * short and plain (a UUID, an API Gateway request id); anything else is replaced by `fallback`.
 */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,100}$/;
export function correlationIdOr(candidate: string | undefined, fallback: string): string {
  return candidate && CORRELATION_ID.test(candidate) ? candidate : fallback;
}

/** The correlation id of the work in progress, if any. */
export function correlationId(): string | undefined {
  return current.getStore()?.id;
}

/** Runs `work` under `id`: its log lines carry it as `correlationId`, and so does every message it queues. */
export function withCorrelation<T>(id: string, work: () => Promise<T>): Promise<T> {
  return current.run({ id }, work);
}

/** Names the request's route or seller on every line it logs from now on, its failure's included (httpHandler). */
export function describeWork(keys: Pick<Work, 'route' | 'sellerId'>): void {
  const store = current.getStore();
  if (store) Object.assign(store, keys);
}

/**
 * Takes up the id a job was started under (a csv job's item: S3's event has no room for it) for the rest of the
 * work in progress. Outside withCorrelation there is nothing to take it up into, and nothing changes.
 */
export function adoptCorrelationId(id: string | undefined): void {
  const store = current.getStore();
  if (!store || !id) return;
  store.id = id;
}
