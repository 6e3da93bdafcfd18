import { CfnOutput, DefaultStackSynthesizer, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { isReadOnlyGroup } from '../../shared/api/route.js';
import { EMAIL_IMAGES, type QueueKey, STATUS, UPLOADS } from '../definitions.js';
import { Api } from './api.js';
import { Auth } from './auth.js';
import { deployContext } from './context.js';
import { Data } from './data.js';
import { Email } from './email.js';
import { FunctionDefaults } from './function-defaults.js';
import { Jobs, Queues, queueUrlVariable } from './jobs.js';
import { acknowledgeWildcard, acknowledgeWildcardResource, BASIC_EXECUTION_ROLE } from './nag.js';
import { Ops } from './ops.js';
import { type ProviderChoices, Providers } from './providers.js';
import { Storage } from './storage.js';
import { grantRateBuckets, grantTable, type TableAccess } from './table-access.js';
import { Web } from './web.js';
import { contentSecurityPolicy, EDGE_REGION, EdgeWebAcl } from './web-security.js';

/**
 * What each worker does with the table: csv-sync, platform-sync and label-batch write the seller's imports, orders
 * and labels; the email workers write each email's claim (and read customers and sellers), the email-events worker
 * writes suppressions; the rewards catch-up writes points and balances; the reward reminder reads the automatic programs and their customers and marks each seller's
 * day done.
 */
const WORKER_TABLE_ACCESS: Record<QueueKey, TableAccess> = {
  csvJobs: 'readWrite',
  platformSync: 'readWrite',
  rewardEmails: 'readWrite',
  labelBatches: 'readWrite',
  rewardsCatchUp: 'readWrite',
  jobWatchdog: 'readWrite',
  emails: 'readWrite',
  emailEvents: 'readWrite',
};
const REMINDER_TABLE_ACCESS: TableAccess = 'readWrite';

export interface ConsultantDeskStackProps extends StackProps {
  /** Bundle functions with esbuild (synth, deploy). Tests pass false: inline placeholder code, fast. */
  bundle: boolean;
  /** Built SPA directory. @default web/dist */
  webDist?: string;
  /** Alarm notifications by email. */
  alarmEmail?: string;
  /** Custom domain for CloudFront (certificate in us-east-1). */
  customDomain?: { domainName: string; certificateArn: string };
  /** The real carrier, payment processor and platform connectors (CDK context, infra/aws/context.ts). @default the sandboxes */
  providers?: ProviderChoices;
  /**
   * The CloudFront web ACL made by the edge stack in us-east-1 (infra/aws/app.ts), for a stack in another region.
   * @default a web ACL in this stack, which must then be in us-east-1
   */
  webAclArn?: string;
}

/** The whole product on AWS, built from infra/definitions.ts and the route table (docs/CONTRACTS.md). */
export class ConsultantDeskStack extends Stack {
  readonly data: Data;
  readonly queues: Queues;
  readonly storage: Storage;
  readonly auth: Auth;
  readonly jobs: Jobs;
  readonly api: Api;
  readonly web: Web;
  readonly ops: Ops;
  readonly providers: Providers;
  readonly email: Email;

  constructor(scope: Construct, id: string, props: ConsultantDeskStackProps) {
    super(scope, id, props);

    this.data = new Data(this, 'Data');
    this.queues = new Queues(this, 'Queues');
    this.storage = new Storage(this, 'Storage', { csvJobsQueue: this.queues.byKey.csvJobs.queue });
    this.auth = new Auth(this, 'Auth');
    this.providers = new Providers(this, 'Providers', { choices: props.providers });
    this.email = new Email(this, 'Email', { eventsQueue: this.queues.byKey.emailEvents.queue });

    const environment: Record<string, string> = {
      TABLE_NAME: this.data.table.tableName,
      EMAIL_LEDGER_TABLE_NAME: this.data.emailLedger.tableName,
      UPLOAD_BUCKET: this.storage.uploads.bucketName,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.auth.webClient.userPoolClientId,
      JWT_ISSUER: this.auth.issuer,
      PLATFORM_CREDENTIALS_KEY_ARN: this.data.credentialsKey.keyArn,
      ...this.providers.environment,
    };
    for (const q of this.queues.all) environment[queueUrlVariable(q.key)] = q.queue.queueUrl;
    const defaults = new FunctionDefaults(this, 'FunctionDefaults', { bundle: props.bundle, environment });

    this.jobs = new Jobs(this, 'Jobs', { defaults, queues: this.queues });
    this.api = new Api(this, 'Api', { defaults, auth: this.auth });
    this.grant();

    // Public (pk_…), so CDK context rather than the secret: `-c stripePublishableKey=pk_live_…` with paymentProcessor=stripe.
    const stripePublishableKey: unknown = this.node.tryGetContext('stripePublishableKey');
    if (!props.webAclArn && this.region !== EDGE_REGION) {
      throw new Error(`A CloudFront web ACL lives in ${EDGE_REGION}: pass webAclArn from the edge stack (infra/aws/app.ts)`);
    }
    this.web = new Web(this, 'Web', {
      apiOriginDomain: this.api.originDomain,
      csp: contentSecurityPolicy({ region: this.region, stripe: this.providers.choices.paymentProcessor === 'stripe' }),
      webAclArn: props.webAclArn ?? new EdgeWebAcl(this, 'Edge').arn,
      config: {
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.webClient.userPoolClientId,
        apiBase: '/api',
        ...(typeof stripePublishableKey === 'string' && stripePublishableKey ? { stripePublishableKey } : {}),
      },
      logsBucket: this.storage.logs,
      emailImages: this.storage.emailImages,
      ...(props.webDist ? { distDir: props.webDist } : {}),
      ...(props.customDomain ? { customDomain: props.customDomain } : {}),
    });
    // Platforms send sellers back to the app (the functions depend on the distribution, which does not depend on them).
    const webUrl = props.customDomain ? `https://${props.customDomain.domainName}` : this.web.url;
    for (const fn of [this.api.functions.integrations, this.jobs.workers.platformSync]) this.providers.setOAuthRedirect(fn, webUrl);
    // Unsubscribe links point at the web app's origin (CloudFront sends /api/* to the API), as do the seller's images
    // (an uploaded image's address becomes the image in the HTML part); the sender address is a verified SES
    // identity of the operator's (`-c emailFromAddress=…`, docs/deploy.md).
    const emailFrom: unknown = this.node.tryGetContext('emailFromAddress');
    for (const fn of [this.jobs.workers.rewardEmails, this.jobs.workers.emails]) {
      fn.addEnvironment('EMAIL_LINK_BASE_URL', webUrl);
      fn.addEnvironment('EMAIL_IMAGE_BASE_URL', webUrl);
      if (typeof emailFrom === 'string' && emailFrom) fn.addEnvironment('EMAIL_FROM_ADDRESS', emailFrom);
      else if (props.customDomain) fn.addEnvironment('EMAIL_FROM_ADDRESS', `no-reply@${props.customDomain.domainName}`);
    }
    // The bucket names the distribution (CORS), so the CSP cannot name the bucket: see contentSecurityPolicy.
    this.storage.allowBrowserUploads(webUrl);
    // Uploaded email images are answered with their public address on the web origin (CloudFront /email-images/*).
    this.api.functions.marketing.addEnvironment('EMAIL_IMAGE_BUCKET', this.storage.emailImages.bucketName);
    this.api.functions.marketing.addEnvironment('EMAIL_IMAGE_BASE_URL', webUrl);
    // The status feed and deployed version live in the web bucket (`npm run status`); the status function reads the two keys only.
    this.api.functions.status.addEnvironment('STATUS_BUCKET', this.web.bucket.bucketName);
    this.api.functions.status.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:GetObject'],
        resources: [this.web.bucket.arnForObjects(STATUS.feedKey), this.web.bucket.arnForObjects(STATUS.versionKey)],
      }),
    );

    const functions: Record<string, NodejsFunction> = {};
    for (const [group, fn] of Object.entries(this.api.functions)) functions[`http-${group}`] = fn;
    for (const q of this.queues.all) functions[`job-${q.def.worker}`] = this.jobs.workers[q.key];
    functions['job-reward-reminder'] = this.jobs.rewardReminder;
    functions['job-follow-ups'] = this.jobs.followUps;
    this.ops = new Ops(this, 'Ops', {
      api: this.api,
      functions,
      queues: this.queues.all,
      ...(props.alarmEmail ? { alarmEmail: props.alarmEmail } : {}),
    });

    this.acknowledgeFrameworkHandlers();

    new CfnOutput(this, 'WebUrl', { value: this.web.url, description: 'Open this in a browser' });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint, description: 'Direct API (the app uses <WebUrl>/api)' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'EmailLedgerName', { value: this.data.emailLedger.tableName, description: 'The email ledger (npm run backfill -- email-ledger)' });
    new CfnOutput(this, 'UploadBucket', { value: this.storage.uploads.bucketName });
    new CfnOutput(this, 'WebBucket', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.ops.alarmTopic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.ops.dashboard.dashboardName });
    new CfnOutput(this, 'DeployContext', {
      value: JSON.stringify(deployContext(this.node)),
      description: 'The -c values this stack was deployed with: a rollback passes the same (docs/runbook.md)',
    });
    new CfnOutput(this, 'ProviderCredentialsSecretArn', {
      value: this.providers.secret.secretArn,
      description: 'Fill with the real providers\' keys (docs/deploy.md "Real providers")',
    });
    for (const q of this.queues.all) {
      new CfnOutput(this, `${q.key}DlqUrl`, { value: q.dlq.queueUrl, description: `${q.def.name} dead-letter queue` });
    }
  }

  /** Who may do what: every function gets only what its calls need. */
  private grant(): void {
    const { table, credentialsKey } = this.data;
    const uploads = this.storage.uploads;
    const http = this.api.functions;
    const workers = this.jobs.workers;
    const queue = (key: QueueKey) => this.queues.byKey[key].queue;
    const uploadObjects = `${UPLOADS.prefix}*`;

    // Data: a call group reads and writes the seller's items unless its actions only read (READ_ONLY_GROUPS); every
    // HTTP call writes its seller's rate-limit bucket. Workers as WORKER_TABLE_ACCESS says.
    for (const [group, fn] of Object.entries(http) as [keyof typeof http, (typeof http)[keyof typeof http]][]) {
      grantTable(table, fn, isReadOnlyGroup(group) ? 'read' : 'readWrite');
      if (isReadOnlyGroup(group)) grantRateBuckets(table, fn);
      // The authenticator refuses a seller whose account was disabled (functions/sellers/account.ts).
      this.auth.userPool.grant(fn, 'cognito-idp:AdminGetUser');
    }
    for (const key of Object.keys(workers) as QueueKey[]) grantTable(table, workers[key], WORKER_TABLE_ACCESS[key]);
    grantTable(table, this.jobs.rewardReminder, REMINDER_TABLE_ACCESS);
    // The follow-ups job reads sellers, settings, orders and customers, and removes the due items it took.
    grantTable(table, this.jobs.followUps, 'readWrite');
    // The email ledger: the email workers claim, record and suppress; unsubscribe (customers) suppresses; marketing
    // reads suppressions for its counts and test sends; the imports (csv-sync, platform-sync) read their new buyers'
    // suppressions, which the customer item carries (docs/data-model.md "Email status on the customer"). No other
    // function touches it.
    for (const fn of [workers.emails, workers.rewardEmails, workers.emailEvents, http.customers]) this.data.emailLedger.grantReadWriteData(fn);
    for (const fn of [http.marketing, workers.csvJobs, workers.platformSync]) this.data.emailLedger.grantReadData(fn);

    // Uploads: the upload group signs the browser's POSTs (a presigned POST carries its signer's rights) and, with
    // customers, puts CSVs sent through the API, under uploads/ (→ csv-jobs); the csv-sync worker reads them.
    for (const fn of [http.upload, http.customers]) {
      fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:PutObject'], resources: [uploads.arnForObjects(uploadObjects)] }));
      acknowledgeWildcardResource(
        fn,
        uploads.arnForObjects(uploadObjects),
        'Each upload is a new object uploads/<sellerId>/<jobId>.csv: put is limited to the uploads/ prefix.',
      );
    }
    // Email images: only marketing puts them (UploadImage), under email-images/; CloudFront reads them (OAC).
    const emailImageObjects = this.storage.emailImages.arnForObjects(`${EMAIL_IMAGES.prefix}*`);
    http.marketing.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:PutObject'], resources: [emailImageObjects] }));
    acknowledgeWildcardResource(
      http.marketing,
      emailImageObjects,
      'Each image is a new object email-images/<sellerId>/<sha256>.<ext>: put is limited to the email-images/ prefix.',
    );

    const csvSync = workers.csvJobs;
    uploads.grantRead(csvSync, uploadObjects);
    acknowledgeWildcardResource(
      csvSync,
      uploads.arnForObjects(uploadObjects),
      'The worker reads the CSV named by each S3 event; any object under uploads/ can be one.',
    );
    acknowledgeWildcard(csvSync, 'Action::s3:GetObject*', 'From grantRead: GetObject and its attributes, uploads/ only.');
    acknowledgeWildcard(csvSync, 'Action::s3:GetBucket*', 'From grantRead: bucket metadata the SDK reads, this bucket only.');
    acknowledgeWildcard(csvSync, 'Action::s3:List*', 'From grantRead: lets a missing key answer 404 rather than 403.');

    // Queues: integrations enqueue platform re-syncs; rewards (and the daily reminder) enqueue reward emails, and so
    // does every writer of orders (New Order, the CSV import, the platform sync): an order that takes a customer to
    // the goal queues the reward-earned email.
    queue('platformSync').grantSendMessages(http.integrations);
    for (const fn of [http.rewards, this.jobs.rewardReminder, http.orders, workers.csvJobs, workers.platformSync, workers.rewardsCatchUp]) {
      queue('rewardEmails').grantSendMessages(fn);
    }
    // A program's save or restart queues its catch-up (the orders placed before it earned), and a long catch-up
    // continues in a message to its own queue.
    for (const fn of [http.rewards, workers.rewardsCatchUp]) queue('rewardsCatchUp').grantSendMessages(fn);
    // Every other email: a follow-up or campaign (marketing), shipped when a label is bought (shipping, batches),
    // delivered when an order moves there (orders, imports, platform syncs), a support ticket's confirmation (help).
    for (const fn of [http.marketing, http.shipping, http.orders, http.help, workers.labelBatches, workers.csvJobs, workers.platformSync, this.jobs.followUps]) {
      queue('emails').grantSendMessages(fn);
    }
    // A long import or sync checkpoints before its timeout and continues in a message to its own queue.
    queue('csvJobs').grantSendMessages(workers.csvJobs);
    queue('platformSync').grantSendMessages(workers.platformSync);
    // Imports and syncs ask the watchdog to look at them after their timeout; it asks again while they still move.
    for (const fn of [http.upload, http.integrations, workers.jobWatchdog]) queue('jobWatchdog').grantSendMessages(fn);

    // Platform credentials: stored encrypted by integrations, used (and refreshed) by the platform-sync worker.
    for (const fn of [http.integrations, workers.platformSync]) {
      credentialsKey.grantEncryptDecrypt(fn);
      acknowledgeWildcard(fn, 'Action::kms:ReEncrypt*', 'From grantEncryptDecrypt, on the platform-credentials key only.');
      acknowledgeWildcard(fn, 'Action::kms:GenerateDataKey*', 'From grantEncryptDecrypt: data keys of that key only.');
    }

    // Provider credentials: read by the functions that build a real processor (billing, settings' bank link,
    // shipping's recharges), carrier (shipping, the label-batch worker) or platform OAuth client (integrations,
    // the platform-sync worker's token refresh).
    for (const fn of [http.billing, http.settings, http.shipping, workers.labelBatches, http.integrations, workers.platformSync]) {
      this.providers.allowRead(fn);
    }

    // Email: the two email workers send through SES (with the configuration set that reports bounces and
    // complaints) and sign unsubscribe links; the customers group checks them (the public unsubscribe call).
    for (const fn of [workers.rewardEmails, workers.emails]) this.email.allowSend(fn);
    this.email.allowLinks(http.customers);
  }

  /** CDK's own handlers (S3 notifications, BucketDeployment): their code and policies come from aws-cdk-lib. */
  private acknowledgeFrameworkHandlers(): void {
    for (const child of this.node.children) {
      const id = child.node.id;
      const isNotifications = id.startsWith('BucketNotificationsHandler');
      const isDeployment = id.startsWith('Custom::CDKBucketDeployment');
      if (!isNotifications && !isDeployment) continue;
      Validations.of(child).acknowledge({
        id: `AwsSolutions-IAM4[${BASIC_EXECUTION_ROLE}]`,
        reason: 'CDK framework handler role: the managed policy only lets it write its own CloudWatch logs.',
      });
      if (!isDeployment) continue;
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-L1',
        reason: 'BucketDeployment handler: its runtime is chosen and updated by aws-cdk-lib, not by this project.',
      });
      acknowledgeWildcard(child, 'Resource::*', 'BucketDeployment: cloudfront:CreateInvalidation has no resource-level scope in its policy.');
      for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
        acknowledgeWildcard(child, `Action::${action}`, 'BucketDeployment: copies the CDK asset into the web bucket (grantRead/grantReadWrite).');
      }
      acknowledgeWildcardResource(
        child,
        this.web.bucket.arnForObjects('*'),
        'BucketDeployment: writes the built site and config.json to any key of the web bucket.',
      );
      const qualifier = this.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
      acknowledgeWildcardResource(
        child,
        `arn:${this.partition}:s3:::cdk-${qualifier}-assets-${this.account}-${this.region}/*`,
        'BucketDeployment: reads the site archive CDK uploaded to the bootstrap assets bucket (keys are content hashes).',
      );
    }
  }
}
