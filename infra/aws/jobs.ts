import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  MAX_RECEIVE_COUNT,
  QUEUES,
  type QueueDef,
  type QueueKey,
  SCHEDULES,
  visibilityTimeoutSeconds,
} from '../definitions.js';
import type { FunctionDefaults } from './function-defaults.js';
import { alarmName } from './names.js';

/** A queue of QUEUES, its dead-letter queue and the alarm on the DLQ. */
export interface JobQueue {
  key: QueueKey;
  def: QueueDef;
  queue: Queue;
  dlq: Queue;
  dlqAlarm: Alarm;
}

/** `csvJobs` → `QUEUE_URL_CSV_JOBS` (docs/CONTRACTS.md). */
export const queueUrlVariable = (key: QueueKey): string =>
  `QUEUE_URL_${key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;

/** The queues of infra/definitions.ts, each with a DLQ (made before the functions, whose environment names them). */
export class Queues extends Construct {
  readonly byKey: Record<QueueKey, JobQueue>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const entries = (Object.entries(QUEUES) as [QueueKey, QueueDef][]).map(([key, def]): [QueueKey, JobQueue] => {
      const dlq = new Queue(this, `${def.name}-dlq`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // The longest retention: time to notice the alarm, fix the worker and redrive.
        retentionPeriod: Duration.days(14),
      });
      const queue = new Queue(this, def.name, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(def)),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: dlq, maxReceiveCount: MAX_RECEIVE_COUNT },
      });
      const dlqAlarm = new Alarm(this, `${def.name}-dlq-not-empty`, {
        alarmName: alarmName(this, `${def.name}-dlq-not-empty`),
        alarmDescription: `Messages of ${def.name} failed ${MAX_RECEIVE_COUNT} times and wait in its DLQ. See docs/runbook.md "DLQ not empty".`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      return [key, { key, def, queue, dlq, dlqAlarm }];
    });
    this.byKey = Object.fromEntries(entries) as Record<QueueKey, JobQueue>;
  }

  get all(): JobQueue[] {
    return Object.values(this.byKey);
  }
}

export interface JobsProps {
  defaults: FunctionDefaults;
  queues: Queues;
}

/** The queue workers (SQS event sources with partial batch failures) and the daily reward-reminder and follow-ups jobs. */
export class Jobs extends Construct {
  readonly workers: Record<QueueKey, NodejsFunction>;
  readonly rewardReminder: NodejsFunction;
  readonly followUps: NodejsFunction;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const workers: Partial<Record<QueueKey, NodejsFunction>> = {};
    for (const q of props.queues.all) {
      const fn = props.defaults.create(this, `${q.def.worker}-worker`, {
        entry: `functions/jobs/${q.def.worker}.ts`,
        description: `consultant-desk: ${q.def.worker} worker of the ${q.def.name} queue`,
        service: `job-${q.def.worker}`,
        memorySize: q.def.workerMemoryMb,
        timeout: Duration.seconds(q.def.workerTimeoutSeconds),
      });
      fn.addEventSource(
        new SqsEventSource(q.queue, {
          batchSize: q.def.batchSize,
          maxBatchingWindow: q.def.batchWindowSeconds ? Duration.seconds(q.def.batchWindowSeconds) : undefined,
          maxConcurrency: q.def.concurrency,
          reportBatchItemFailures: true,
        }),
      );
      workers[q.key] = fn;
    }
    this.workers = workers as Record<QueueKey, NodejsFunction>;

    const reminder = SCHEDULES.rewardReminder;
    this.rewardReminder = props.defaults.create(this, `${reminder.job}-job`, {
      entry: `functions/jobs/${reminder.job}.ts`,
      description: 'consultant-desk: daily reward reminders',
      service: `job-${reminder.job}`,
      memorySize: 256,
      timeout: Duration.minutes(5),
    });
    new Rule(this, `${reminder.job}-schedule`, {
      description: 'consultant-desk: reward reminders, daily (UTC)',
      schedule: Schedule.cron(reminder.cron),
      targets: [new LambdaFunction(this.rewardReminder, { retryAttempts: 2, maxEventAge: Duration.hours(2) })],
    });

    const followUps = SCHEDULES.followUps;
    this.followUps = props.defaults.create(this, `${followUps.job}-job`, {
      entry: `functions/jobs/${followUps.job}.ts`,
      description: 'consultant-desk: daily automated follow-up emails (days after shipping)',
      service: `job-${followUps.job}`,
      memorySize: 256,
      timeout: Duration.minutes(15),
    });
    new Rule(this, `${followUps.job}-schedule`, {
      description: 'consultant-desk: automated follow-ups due today, daily (UTC)',
      schedule: Schedule.cron(followUps.cron),
      targets: [new LambdaFunction(this.followUps, { retryAttempts: 2, maxEventAge: Duration.hours(2) })],
    });
  }
}
