/**
 * The product's own CloudWatch metrics (EMF), named once for the functions that emit them and the stack's alarms
 * and dashboard that read them. Powertools adds the `service` dimension: `consultant-desk-<function>`.
 */
export const METRICS_NAMESPACE = 'ConsultantDesk';

export const METRIC = {
  importRows: 'ImportRows',
  importRowErrors: 'ImportRowErrors',
  importDuration: 'ImportDuration',
  labelsBought: 'LabelsBought',
  labelsFailed: 'LabelsFailed',
  labelsVoided: 'LabelsVoided',
  emailsSent: 'EmailsSent',
  emailsBounced: 'EmailsBounced',
  emailsComplained: 'EmailsComplained',
  /** An automated email (shipped, delivered, days after) its event could not queue: logged, the event went on. */
  followUpsNotQueued: 'FollowUpsNotQueued',
  syncsCompleted: 'SyncsCompleted',
  syncsFailed: 'SyncsFailed',
  /** A job (import, sync, email) we marked failed for a reason of ours, not the seller's: someone must look. */
  jobsFailed: 'JobsFailed',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

/**
 * Which function emits what: the dashboard graphs each of these, and alarms on jobsFailed and followUpsNotQueued of
 * each function that emits them (infra/aws/ops.ts).
 */
export const METRICS_BY_FUNCTION: Record<string, readonly MetricName[]> = {
  'job-csv-sync': [METRIC.importRows, METRIC.importRowErrors, METRIC.importDuration, METRIC.jobsFailed, METRIC.followUpsNotQueued],
  'job-platform-sync': [METRIC.syncsCompleted, METRIC.syncsFailed, METRIC.jobsFailed, METRIC.followUpsNotQueued],
  'job-label-batch': [METRIC.labelsBought, METRIC.labelsFailed, METRIC.jobsFailed, METRIC.followUpsNotQueued],
  'http-shipping': [METRIC.labelsBought, METRIC.labelsFailed, METRIC.labelsVoided, METRIC.followUpsNotQueued],
  'job-watchdog': [METRIC.jobsFailed],
  'job-reward-email': [METRIC.emailsSent, METRIC.jobsFailed],
  'job-email': [METRIC.emailsSent, METRIC.jobsFailed],
  'job-email-events': [METRIC.emailsBounced, METRIC.emailsComplained],
  'job-follow-ups': [METRIC.followUpsNotQueued],
};

export const serviceName = (fn: string) => `consultant-desk-${fn}`;
