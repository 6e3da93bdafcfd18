import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  MathExpression,
  Metric,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type AlarmProps,
  type IMetric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { Api } from './api.js';
import type { JobQueue } from './jobs.js';
import { alarmName } from './names.js';
import { METRIC, METRICS_BY_FUNCTION, METRICS_NAMESPACE, type MetricName, serviceName } from '../../shared/ops/metrics.js';

/** The share of API answers that may be 5xx (over 5 minutes, with at least API_RATE_MIN_REQUESTS requests). */
export const API_ERROR_RATE_PERCENT = 2;
const API_RATE_MIN_REQUESTS = 20;

export interface OpsProps {
  api: Api;
  /** Every function of the stack, by a short name (`http-customers`, `job-csv-sync`, …). */
  functions: Record<string, NodejsFunction>;
  queues: JobQueue[];
  /** Receives every alarm (SNS email subscription, confirmed by mail). */
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * The product's metrics of which a single one needs a person, alarmed for each function that emits them: a job we
 * failed, and an automated email its event could not queue (a delivered email has no second chance).
 */
const ALARMED_METRICS: readonly { metric: MetricName; alarm: string; means: string; entry: string }[] = [
  { metric: METRIC.jobsFailed, alarm: 'jobs-failed', means: 'marked a job failed for a reason of ours', entry: 'Jobs failed' },
  {
    metric: METRIC.followUpsNotQueued,
    alarm: 'follow-ups-not-queued',
    means: 'could not queue an automated email',
    entry: 'Automated emails not queued',
  },
];

/** One dashboard for the on-call engineer, the alarms of docs/runbook.md and the topic they notify. */
export class Ops extends Construct {
  readonly dashboard: Dashboard;
  readonly alarmTopic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OpsProps) {
    super(scope, id);
    const { api, queues } = props;
    const http = api.httpApi;

    this.alarmTopic = new Topic(this, 'Alarms', { displayName: 'consultant-desk alarms', enforceSSL: true });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.alarmTopic);
    // Named as its id, after the stack (names.ts): the name docs/runbook.md gives it.
    const alarm = (id: string, alarmProps: AlarmProps) => {
      const made = new Alarm(this, id, { alarmName: alarmName(this, id), ...alarmProps });
      this.alarms.push(made);
      return made;
    };

    alarm('Api5xx', {
      alarmDescription: 'The API answered 5xx (a function failed or timed out). See docs/runbook.md "API 5xx".',
      metric: http.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 5,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    const errorRate = new MathExpression({
      label: 'API 5xx %',
      expression: `IF(requests >= ${API_RATE_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: {
        requests: http.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
        errors: http.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
      },
      period: FIVE_MINUTES,
    });
    alarm('ApiErrorRate', {
      alarmDescription: `More than ${API_ERROR_RATE_PERCENT} % of API answers were 5xx. See docs/runbook.md "API error rate".`,
      metric: errorRate,
      threshold: API_ERROR_RATE_PERCENT,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // No label on an alarm's metric: CloudFormation would get the metric-math form instead of the plain one.
    const productMetric = (fn: string, name: MetricName, statistic = 'Sum') =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { service: serviceName(fn) }, period: FIVE_MINUTES, statistic });
    for (const [fn, names] of Object.entries(METRICS_BY_FUNCTION)) {
      if (!props.functions[fn]) continue;
      for (const watched of ALARMED_METRICS.filter((w) => names.includes(w.metric))) {
        alarm(`${fn}-${watched.alarm}`, {
          alarmDescription: `${fn} ${watched.means}. See docs/runbook.md "${watched.entry}".`,
          metric: productMetric(fn, watched.metric),
          threshold: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
      }
    }

    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}-errors`, {
        alarmDescription: `Function ${name} threw or timed out. See docs/runbook.md "Function errors".`,
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }
    this.alarms.push(...queues.map((q) => q.dlqAlarm));
    for (const alarm of this.alarms) {
      alarm.addAlarmAction(notify);
      alarm.addOkAction(notify);
    }

    const fns = Object.entries(props.functions);
    const perFunction = (metric: (fn: NodejsFunction, label: string) => IMetric): IMetric[] =>
      fns.map(([name, fn]) => metric(fn, name));

    this.dashboard = new Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          '# consultant-desk\nAPI, functions, queues. Alarms and first steps: `docs/runbook.md`. DLQ redrive: `aws sqs start-message-move-task`.',
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        left: [
          http.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'requests' }),
          http.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' }),
          http.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'API latency (ms)',
        left: ['p50', 'p90', 'p99'].map((p) => http.metricLatency({ period: FIVE_MINUTES, statistic: p, label: p })),
        right: [http.metricIntegrationLatency({ period: FIVE_MINUTES, statistic: 'p90', label: 'integration p90' })],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Function errors',
        left: perFunction((fn, label) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum', label })),
        width: 12,
      }),
      new GraphWidget({
        title: 'Function duration p90 (ms)',
        left: perFunction((fn, label) => fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p90', label })),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Function throttles',
        left: perFunction((fn, label) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum', label })),
        width: 12,
      }),
      new GraphWidget({
        title: 'DLQ depth (should be 0)',
        left: queues.map((q) =>
          q.dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum', label: `${q.def.name}-dlq` }),
        ),
        width: 12,
      }),
    );
    const graphOf = (title: string, names: readonly MetricName[], statistic = 'Sum') =>
      new GraphWidget({
        title,
        left: Object.entries(METRICS_BY_FUNCTION).flatMap(([fn, emitted]) =>
          names.filter((n) => emitted.includes(n) && props.functions[fn]).map((n) => productMetric(fn, n, statistic).with({ label: `${fn} ${n}` })),
        ),
        width: 12,
      });
    this.dashboard.addWidgets(
      graphOf('Imports: rows and row errors', [METRIC.importRows, METRIC.importRowErrors]),
      graphOf('Import duration p90 (ms)', [METRIC.importDuration], 'p90'),
    );
    this.dashboard.addWidgets(
      graphOf('Labels: bought, failed, voided', [METRIC.labelsBought, METRIC.labelsFailed, METRIC.labelsVoided]),
      graphOf('Emails: sent, bounced, complained', [METRIC.emailsSent, METRIC.emailsBounced, METRIC.emailsComplained]),
    );
    this.dashboard.addWidgets(
      graphOf('Platform syncs: completed, failed', [METRIC.syncsCompleted, METRIC.syncsFailed]),
      graphOf('Jobs failed (ours)', [METRIC.jobsFailed]),
    );
    this.dashboard.addWidgets(graphOf('Automated emails not queued', [METRIC.followUpsNotQueued]));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Queue depth (visible messages)',
        left: queues.map((q) =>
          q.queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum', label: q.def.name }),
        ),
        width: 12,
      }),
      new GraphWidget({
        title: 'Age of oldest message (s)',
        left: queues.map((q) =>
          q.queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum', label: q.def.name }),
        ),
        width: 12,
      }),
    );
  }
}
