import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { providerChoicesFromContext } from '../../infra/aws/context.js';
import { ConsultantDeskStack, type ConsultantDeskStackProps } from '../../infra/aws/stack.js';
import { SPA_REWRITE } from '../../infra/aws/web.js';
import { EMAIL, EMAIL_IMAGES, EMAIL_LEDGER, MAX_RECEIVE_COUNT, QUEUES, SCHEDULES, STATUS, TABLE, UPLOADS } from '../../infra/definitions.js';
import { CALL_GROUPS } from '../../shared/api/route.js';
import { routeList } from '../../shared/api/routes.js';
import { METRICS_BY_FUNCTION } from '../../shared/ops/metrics.js';

/** Synthesized without esbuild (inline placeholder code): the stack's shape, in seconds. */
type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
type Ref = { Ref: string };
type GetAtt = { 'Fn::GetAtt': [string, string] };

const cdkContext = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../cdk.json'), 'utf8')).context;

function synth(props: Partial<ConsultantDeskStackProps> = {}, context: Record<string, string> = {}) {
  // A test stack names the sandbox processor, as a deploy must (no processor fails the synth).
  const app = new App({ context: { ...cdkContext, paymentProcessor: 'sandbox', ...context } });
  const stack = new ConsultantDeskStack(app, 'ConsultantDesk', {
    env: { region: 'us-east-1' },
    bundle: false,
    webDist: path.join(tmpdir(), 'no-such-web-dist'),
    // As infra/aws/app.ts reads them.
    providers: providerChoicesFromContext(app.node),
    ...props,
  });
  return { app, stack };
}

let template: Template;
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** Functions by Powertools service name (`http-customers`, `job-csv-sync`, …). */
let functionByService: Map<string, [string, Resource]>;
const serviceOf = (r: Resource) =>
  String((r.Properties.Environment as { Variables: Record<string, unknown> }).Variables.POWERTOOLS_SERVICE_NAME).replace(
    /^consultant-desk-/,
    '',
  );
const fnId = (service: string): string => {
  const entry = functionByService.get(service);
  if (!entry) throw new Error(`no function for ${service}`);
  return entry[0];
};

/** Every IAM statement attached to a function's role. */
function statementsOf(functionId: string): { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown }[] {
  const roleId = ((resources[functionId]!.Properties.Role as GetAtt)['Fn::GetAtt'])[0];
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as Ref[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: never[] }).Statement);
}
const variablesOfFn = (service: string) =>
  (resources[fnId(service)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
const actionsOf = (functionId: string, resourceId: string): string[] =>
  statementsOf(functionId)
    .filter((s) => JSON.stringify(s.Resource).includes(`"${resourceId}"`))
    .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

beforeAll(() => {
  const { stack } = synth();
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
  functionByService = new Map(
    ofType('AWS::Lambda::Function')
      .filter(([, r]) => (r.Properties.Environment as { Variables?: object } | undefined)?.Variables)
      .filter(([, r]) => serviceOf(r) !== 'undefined')
      .map(([id, r]) => [serviceOf(r), [id, r]]),
  );
});

describe('API', () => {
  it('has one route per route table entry, to its group function, JWT-authorized unless the entry is public', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(routeList.length);
    const [authorizerId] = ofType('AWS::ApiGatewayV2::Authorizer')[0]!;
    for (const route of routeList) {
      const found = routes.find(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(found, `${route.method} ${route.path}`).toBeDefined();
      const props = found![1].Properties;
      if (route.public) {
        expect(props.AuthorizationType ?? 'NONE', route.id).toBe('NONE');
        expect(props.AuthorizerId, route.id).toBeUndefined();
      } else {
        expect(props.AuthorizationType, route.id).toBe('JWT');
        expect(props.AuthorizerId, route.id).toEqual({ Ref: authorizerId });
      }
      const integrationId = ((props.Target as { 'Fn::Join': [string, [string, Ref]] })['Fn::Join'][1][1]).Ref;
      const uri = resources[integrationId]!.Properties.IntegrationUri as GetAtt;
      expect(uri['Fn::GetAtt'][0], route.id).toBe(fnId(`http-${route.group}`));
    }
  });

  it('only the unsubscribe link\'s two calls and the status feed are served without signing in', () => {
    const open = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.AuthorizationType !== 'JWT');
    expect(open.map(([, r]) => r.Properties.RouteKey).sort()).toEqual(['GET /api/email/unsubscribe', 'GET /api/status/feed', 'POST /api/email/unsubscribe']);
    expect(routeList.filter((r) => r.public).map((r) => r.id).sort()).toEqual(['customers.unsubscribe', 'customers.unsubscribeInfo', 'status.feed']);
  });

  it('trusts the Cognito user pool as JWT issuer with the web client as audience', () => {
    const [poolId] = ofType('AWS::Cognito::UserPool')[0]!;
    const [clientId] = ofType('AWS::Cognito::UserPoolClient')[0]!;
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: clientId }],
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.us-east-1.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: poolId }]] },
      },
    });
  });

  it('logs access and throttles on the $default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('has one invoke permission per group function, not one per route', () => {
    const apiPermissions = ofType('AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com',
    );
    expect(apiPermissions).toHaveLength(CALL_GROUPS.length);
  });
});

describe('functions', () => {
  it('every call group has a nodejs22.x arm64 function with JSON logs', () => {
    for (const group of CALL_GROUPS) {
      const [, fn] = functionByService.get(`http-${group}`) ?? [];
      expect(fn, group).toBeDefined();
      expect(fn!.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        LoggingConfig: { LogFormat: 'JSON' },
      });
    }
  });

  it('every function of the product runs nodejs22.x on arm64 with its own log group and the contract environment', () => {
    expect(functionByService.size).toBe(CALL_GROUPS.length + Object.keys(QUEUES).length + Object.keys(SCHEDULES).length);
    for (const [service, [, fn]] of functionByService) {
      expect(fn.Properties, service).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
      expect((fn.Properties.LoggingConfig as { LogGroup?: unknown }).LogGroup, service).toBeDefined();
      const vars = Object.keys((fn.Properties.Environment as { Variables: object }).Variables);
      expect(vars, service).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'UPLOAD_BUCKET',
          'QUEUE_URL_CSV_JOBS',
          'QUEUE_URL_PLATFORM_SYNC',
          'QUEUE_URL_REWARD_EMAILS',
          'USER_POOL_ID',
          'USER_POOL_CLIENT_ID',
          'POWERTOOLS_SERVICE_NAME',
          'LOG_LEVEL',
        ]),
      );
    }
  });

  it('every function gets the settings of the definitions it reads at run time (receive count, upload prefix)', () => {
    for (const [service, [, fn]] of functionByService) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars, service).toMatchObject({ MAX_RECEIVE_COUNT: String(MAX_RECEIVE_COUNT), UPLOAD_PREFIX: UPLOADS.prefix });
    }
  });

  it('log groups expire', () => {
    for (const [, lg] of ofType('AWS::Logs::LogGroup')) expect(lg.Properties.RetentionInDays).toBeGreaterThan(0);
  });
});

describe('queues and workers', () => {
  const queueIdOf = (name: string) =>
    ofType('AWS::SQS::Queue').find(([id]) => id.startsWith(`Queues${name.replaceAll('-', '')}`) && !id.includes('dlq'))!;

  it.each(Object.values(QUEUES))('$name has a DLQ (maxReceiveCount 5) and visibility >= 6x its worker timeout', (q) => {
    const [queueId, queue] = queueIdOf(q.name);
    const redrive = queue.Properties.RedrivePolicy as { deadLetterTargetArn: GetAtt; maxReceiveCount: number };
    expect(redrive.maxReceiveCount).toBe(MAX_RECEIVE_COUNT);
    expect(MAX_RECEIVE_COUNT).toBe(5);
    const dlq = resources[redrive.deadLetterTargetArn['Fn::GetAtt'][0]]!;
    expect(dlq.Type).toBe('AWS::SQS::Queue');
    expect(dlq.Properties.SqsManagedSseEnabled).toBe(true);
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);

    const [workerId, worker] = functionByService.get(`job-${q.worker}`)!;
    expect(queue.Properties.VisibilityTimeout as number).toBeGreaterThanOrEqual(6 * (worker.Properties.Timeout as number));
    expect(worker.Properties.MemorySize).toBe(q.workerMemoryMb);

    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionName: { Ref: workerId },
      BatchSize: q.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('every event source mapping reports partial batch failures', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(Object.keys(QUEUES).length);
    for (const [, m] of mappings) expect(m.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
  });

  it('every queue denies non-TLS requests', () => {
    const queues = ofType('AWS::SQS::Queue');
    expect(queues).toHaveLength(2 * Object.keys(QUEUES).length);
    for (const [id] of queues) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('each DLQ has an alarm on visible messages > 0', () => {
    for (const q of Object.values(QUEUES)) {
      const [, queue] = queueIdOf(q.name);
      const dlqId = (queue.Properties.RedrivePolicy as { deadLetterTargetArn: GetAtt }).deadLetterTargetArn['Fn::GetAtt'][0];
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
  });

  it.each([
    ['rewardReminder', 'job-reward-reminder'],
    ['followUps', 'job-follow-ups'],
  ] as const)('runs %s daily on the schedule of the definitions', (schedule, service) => {
    const { minute, hour } = SCHEDULES[schedule].cron;
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `cron(${minute} ${hour} * * ? *)`,
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId(service), 'Arn'] } })],
    });
  });
});

describe('storage', () => {
  const uploadsId = () => ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('StorageUploads'))![0];

  it('the upload bucket blocks public access, denies non-TLS and expires uploads', () => {
    const bucket = resources[uploadsId()]!;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toBeDefined();
    expect(bucket.Properties.LoggingConfiguration).toBeDefined();
    expect(bucket.Properties.LifecycleConfiguration).toMatchObject({
      Rules: expect.arrayContaining([
        expect.objectContaining({ Prefix: UPLOADS.prefix, ExpirationInDays: UPLOADS.expireAfterDays, Status: 'Enabled' }),
      ]),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: uploadsId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('every bucket blocks public access and denies non-TLS', () => {
    for (const [id, bucket] of ofType('AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toMatchObject({ BlockPublicPolicy: true });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    }
  });

  it("the upload bucket takes browser POSTs from the web app's origin only (CORS)", () => {
    const [distributionId] = ofType('AWS::CloudFront::Distribution')[0]!;
    const rules = (resources[uploadsId()]!.Properties.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ AllowedMethods: ['POST'] });
    expect(rules[0]!.AllowedOrigins).toEqual([{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] }]);
  });

  it('with a custom domain, the CORS origin is that domain', () => {
    const t = Template.fromStack(
      synth({ customDomain: { domainName: 'desk.example.com', certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/x' } }).stack,
    );
    const [, bucket] = Object.entries(t.toJSON().Resources as Record<string, Resource>).find(([id]) => id.startsWith('StorageUploads'))!;
    expect(bucket.Properties.CorsConfiguration).toEqual({
      CorsRules: [expect.objectContaining({ AllowedMethods: ['POST'], AllowedOrigins: ['https://desk.example.com'] })],
    });
  });

  it('objects created under the uploads prefix notify the csv-jobs queue', () => {
    const [csvJobsId] = ofType('AWS::SQS::Queue').find(([id]) => id.startsWith('Queuescsvjobs') && !id.includes('dlq'))!;
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: uploadsId() },
      NotificationConfiguration: {
        QueueConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: UPLOADS.prefix }] } },
            QueueArn: { 'Fn::GetAtt': [csvJobsId, 'Arn'] },
          },
        ],
      },
    });
  });
});

/** The business table (the one with indexes) and the email ledger (the one without). */
const mainTable = () => ofType('AWS::DynamoDB::Table').find(([, t]) => t.Properties.GlobalSecondaryIndexes)!;
const ledgerTable = () => ofType('AWS::DynamoDB::Table').find(([, t]) => !t.Properties.GlobalSecondaryIndexes)!;

describe('data', () => {
  it('there are two tables: the single table and the email ledger', () => {
    expect(ofType('AWS::DynamoDB::Table')).toHaveLength(2);
    expect(mainTable()[0]).not.toBe(ledgerTable()[0]);
  });

  it('the table has the keys, GSIs, TTL and PITR of the definitions, on demand and retained', () => {
    const [, table] = mainTable();
    expect(table!.DeletionPolicy).toBe('Retain');
    expect(table!.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    const gsis = table!.Properties.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown }[];
    expect(gsis.map((g) => g.IndexName)).toEqual(TABLE.indexes.map((i) => i.name));
    for (const index of TABLE.indexes) {
      expect(gsis.find((g) => g.IndexName === index.name)!.KeySchema).toEqual([
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ]);
    }
  });

  it('the email ledger has the keys, TTL and PITR of the definitions, no index, on demand and retained', () => {
    const [, ledger] = ledgerTable();
    expect(ledger!.DeletionPolicy).toBe('Retain');
    expect(ledger!.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: EMAIL_LEDGER.partitionKey, KeyType: 'HASH' },
        { AttributeName: EMAIL_LEDGER.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: EMAIL_LEDGER.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
  });

  it('every function is told both tables\' names', () => {
    for (const service of functionByService.keys()) {
      expect(variablesOfFn(service).TABLE_NAME, service).toEqual({ Ref: mainTable()[0] });
      expect(variablesOfFn(service).EMAIL_LEDGER_TABLE_NAME, service).toEqual({ Ref: ledgerTable()[0] });
    }
  });

  it('the platform-credentials key rotates and is retained', () => {
    template.hasResource('AWS::KMS::Key', { Properties: { EnableKeyRotation: true }, DeletionPolicy: 'Retain' });
  });
});

describe('grants (least privilege)', () => {
  const tableId = () => mainTable()[0];
  const keyId = () => ofType('AWS::KMS::Key')[0]![0];
  const uploadsId = () => ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('StorageUploads'))![0];
  const queueId = (name: string) =>
    ofType('AWS::SQS::Queue').find(([id]) => id.startsWith(`Queues${name.replaceAll('-', '')}`) && !id.includes('dlq'))![0];

  /** The actions a grant of reads gives, and those that change items. */
  const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
  /** Groups whose actions only read (dashboard, profile, catalogue, version). */
  const READ_ONLY = ['http-consultant', 'http-products', 'http-status'];
  /** Every function touches the table now. */
  const NO_TABLE: string[] = [];
  const WRITERS = [
    'http-billing', 'http-customers', 'http-help', 'http-integrations', 'http-marketing', 'http-orders', 'http-rewards', 'http-settings',
    'http-shipping', 'http-upload', 'job-csv-sync', 'job-email', 'job-email-events', 'job-label-batch', 'job-platform-sync',
    'job-reward-email', 'job-reward-reminder', 'job-rewards-catch-up', 'job-watchdog', 'job-follow-ups',
  ];
  const onTable = (service: string) =>
    statementsOf(fnId(service)).filter((st) => JSON.stringify(st.Resource).includes(`"${tableId()}"`));
  const actions = (statements: { Action: string | string[] }[]) => statements.flatMap((st) => [st.Action].flat());

  it('every function is classed: writer, reader or no table', () => {
    expect([...READ_ONLY, ...NO_TABLE, ...WRITERS].sort()).toEqual([...functionByService.keys()].sort());
  });

  it.each(WRITERS)('%s reads and writes the table', (service) => {
    expect(actions(onTable(service)), service).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', ...WRITES]));
  });

  it.each(READ_ONLY)('%s only reads the table, except its sellers\' rate-limit buckets', (service) => {
    const statements = onTable(service);
    const unconditioned = statements.filter((st) => !st.Condition);
    expect(actions(unconditioned)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem']));
    expect(actions(unconditioned).filter((a) => WRITES.includes(a) || !/^dynamodb:(Get|Query|BatchGet|Scan|ConditionCheck|Describe)/.test(a))).toEqual([]);
    const conditioned = statements.filter((st) => st.Condition);
    expect(conditioned).toEqual([
      expect.objectContaining({
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONSULTANT#*#RATE'] } },
      }),
    ]);
  });

  it.each(NO_TABLE)('%s has no access to the table', (service) => {
    expect(onTable(service)).toEqual([]);
  });

  it('only the email workers and unsubscribe write the email ledger; marketing and the imports (their new buyers) only read it', () => {
    const WRITES_LEDGER = ['job-email', 'job-reward-email', 'job-email-events', 'http-customers'];
    const READS_LEDGER = ['http-marketing', 'job-csv-sync', 'job-platform-sync'];
    for (const service of functionByService.keys()) {
      const granted = actionsOf(fnId(service), ledgerTable()[0]);
      if (WRITES_LEDGER.includes(service)) {
        expect(granted, service).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...WRITES]));
      } else if (READS_LEDGER.includes(service)) {
        expect(granted, service).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:BatchGetItem']));
        expect(granted.filter((a) => WRITES.includes(a)), service).toEqual([]);
      } else {
        expect(granted, service).toEqual([]);
      }
    }
  });

  it('every HTTP function may look up accounts (AdminGetUser) on the user pool only; no other function may', () => {
    const [poolId] = ofType('AWS::Cognito::UserPool')[0]!;
    for (const service of functionByService.keys()) {
      const cognito = statementsOf(fnId(service)).filter((st) => actions([st]).some((a) => a.startsWith('cognito-idp:')));
      if (!service.startsWith('http-')) {
        expect(cognito, service).toEqual([]);
        continue;
      }
      expect(cognito, service).toEqual([
        expect.objectContaining({ Action: 'cognito-idp:AdminGetUser', Resource: { 'Fn::GetAtt': [poolId, 'Arn'] } }),
      ]);
    }
  });

  it('only the upload and customers groups put uploads, only csv-sync reads them', () => {
    for (const service of functionByService.keys()) {
      const actions = actionsOf(fnId(service), uploadsId());
      const expected = ['http-upload', 'http-customers'].includes(service)
        ? 'put'
        : service === 'job-csv-sync'
          ? 'read'
          : 'none';
      expect(actions.includes('s3:PutObject'), service).toBe(expected === 'put');
      expect(actions.some((a) => a.startsWith('s3:GetObject')), service).toBe(expected === 'read');
    }
  });

  it('the functions that sign upload POSTs or put uploads get s3:PutObject on the uploads prefix and nothing else there', () => {
    for (const service of ['http-upload', 'http-customers']) {
      const onUploads = statementsOf(fnId(service)).filter((st) => JSON.stringify(st.Resource).includes(uploadsId()));
      expect(onUploads, service).toEqual([
        expect.objectContaining({
          Effect: 'Allow',
          Action: 's3:PutObject',
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [uploadsId(), 'Arn'] }, `/${UPLOADS.prefix}*`]] },
        }),
      ]);
    }
  });

  it('only marketing puts email images, under the email-images prefix, and nothing else there; no function reads them', () => {
    const imagesId = ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('StorageEmailImages'))![0];
    for (const service of functionByService.keys()) {
      const onImages = statementsOf(fnId(service)).filter((st) => JSON.stringify(st.Resource).includes(imagesId));
      if (service !== 'http-marketing') {
        expect(onImages, service).toEqual([]);
        continue;
      }
      expect(onImages).toEqual([
        expect.objectContaining({
          Effect: 'Allow',
          Action: 's3:PutObject',
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [imagesId, 'Arn'] }, `/${EMAIL_IMAGES.prefix}*`]] },
        }),
      ]);
    }
  });

  it('only integrations (and its worker, continuing a long sync) send to platform-sync; only rewards, the reminder and the writers of points send to reward-emails; only rewards (and its catch-up, continuing) to rewards-catch-up', () => {
    const senders = (queue: string) =>
      [...functionByService.keys()].filter((s) => actionsOf(fnId(s), queueId(queue)).includes('sqs:SendMessage')).sort();
    expect(senders('platform-sync')).toEqual(['http-integrations', 'job-platform-sync']);
    expect(senders('reward-emails')).toEqual(['http-orders', 'http-rewards', 'job-csv-sync', 'job-platform-sync', 'job-reward-reminder', 'job-rewards-catch-up']);
    expect(senders('rewards-catch-up')).toEqual(['http-rewards', 'job-rewards-catch-up']);
    // S3 sends the uploads' events; the worker continues a long import.
    expect(senders('csv-jobs')).toEqual(['job-csv-sync']);
  });

  it('each queue has the maximum concurrency of its definition', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, r]) => r.Properties.ScalingConfig);
    expect(mappings).toHaveLength(Object.keys(QUEUES).length);
    expect(mappings.map((m) => (m as { MaximumConcurrency: number }).MaximumConcurrency).sort()).toEqual(Object.values(QUEUES).map((q) => q.concurrency).sort());
  });

  it('only integrations and the platform-sync worker use the credentials key', () => {
    const users = [...functionByService.keys()].filter((s) => actionsOf(fnId(s), keyId()).includes('kms:Decrypt'));
    expect(users.sort()).toEqual(['http-integrations', 'job-platform-sync']);
  });

  it('only the two email workers may send email, through the configuration set that reports bounces and complaints', () => {
    const senders = [...functionByService.keys()].filter((s) =>
      statementsOf(fnId(s)).some((st) => [st.Action].flat().includes('ses:SendBulkEmail')),
    );
    expect(senders.sort()).toEqual(['job-email', 'job-reward-email']);
    for (const s of senders) expect(variablesOfFn(s).EMAIL_CONFIGURATION_SET).toBe(EMAIL.configurationSet);
    // Their links and the seller's images (shown in the HTML part) are on the web app's origin, where the upload says they are.
    const marketingImages = variablesOfFn('http-marketing').EMAIL_IMAGE_BASE_URL;
    expect(marketingImages).toBeDefined();
    for (const s of senders) {
      expect(variablesOfFn(s).EMAIL_IMAGE_BASE_URL, s).toEqual(marketingImages);
      expect(variablesOfFn(s).EMAIL_LINK_BASE_URL, s).toEqual(marketingImages);
    }
  });

  it('emails are queued by marketing, by what ships or delivers an order (and the daily follow-ups) and by help (ticket confirmations); only SNS sends to email-events', () => {
    const senders = (queue: string) =>
      [...functionByService.keys()].filter((s) => actionsOf(fnId(s), queueId(queue)).includes('sqs:SendMessage')).sort();
    expect(senders('emails')).toEqual(['http-help', 'http-marketing', 'http-orders', 'http-shipping', 'job-csv-sync', 'job-follow-ups', 'job-label-batch', 'job-platform-sync']);
    expect(senders('email-events')).toEqual([]);
  });

  it("SES's bounces and complaints reach the email-events queue: configuration set -> SNS -> SQS, raw", () => {
    const [topicId] = ofType('AWS::SNS::Topic')[0]!;
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: Match.anyValue() },
      EventDestination: Match.objectLike({ Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: topicId } } }),
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'sqs',
      TopicArn: { Ref: topicId },
      RawMessageDelivery: true,
      Endpoint: { 'Fn::GetAtt': [queueId('email-events'), 'Arn'] },
    });
  });

  it('only the email workers and the customers group (the unsubscribe call) read the unsubscribe links\' key', () => {
    const [linkSecretId] = ofType('AWS::SecretsManager::Secret').find(([id]) => id.startsWith('EmailLinkSecret'))!;
    const readers = [...functionByService.keys()].filter((s) => actionsOf(fnId(s), linkSecretId).includes('secretsmanager:GetSecretValue'));
    expect(readers.sort()).toEqual(['http-customers', 'job-email', 'job-reward-email']);
    for (const r of readers) expect(variablesOfFn(r).EMAIL_LINK_KEY_ARN).toEqual({ Ref: linkSecretId });
    expect(resources[linkSecretId]!.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
  });
});

describe('provider settings (real carrier, processor and platforms)', () => {
  const providerSecrets = () => ofType('AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('Providers'));
  const secretId = () => providerSecrets()[0]![0];
  const variablesOf = (r: Resource) => (r.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const functionsOf = (t: Template) =>
    Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment);
  /** The functions that build a real processor (billing, settings, shipping), carrier (shipping, label batches) or OAuth client. */
  const READERS = ['http-billing', 'http-integrations', 'http-settings', 'http-shipping', 'job-label-batch', 'job-platform-sync'];

  it('one secret holds the provider credentials; the template holds no value of it, and it outlives the stack', () => {
    const secrets = providerSecrets();
    expect(secrets).toHaveLength(1);
    const [, secret] = secrets[0]!;
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.Properties.Description).toMatch(/STRIPE_SECRET_KEY, EASYPOST_API_KEY, PLATFORM_CLIENT_SECRETS/);
    expect(secret.DeletionPolicy).toBe('Retain');
  });

  it('no function environment has a secret setting, nor a secret value from the deployer\'s shell', () => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_sentinel_stripe');
    vi.stubEnv('EASYPOST_API_KEY', 'EZAK_sentinel_easypost');
    vi.stubEnv('PLATFORM_CLIENT_SECRETS', '{"etsy":"sentinel-etsy-secret"}');
    try {
      const chosen = Template.fromStack(
        synth({}, { carrier: 'easypost', paymentProcessor: 'stripe', platformConnectors: 'live' }).stack,
      );
      for (const t of [template, chosen]) {
        const fns = functionsOf(t);
        expect(fns.length).toBeGreaterThan(CALL_GROUPS.length);
        for (const [id, fn] of fns) {
          expect(Object.keys(variablesOf(fn)).filter((k) => /_SECRET|_API_KEY/.test(k)), id).toEqual([]);
        }
        expect(JSON.stringify(t.toJSON())).not.toMatch(/sentinel/);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('only the functions that build a real provider may read the secret, and only they are told where it is', () => {
    const readers = [...functionByService.keys()].filter((s) => actionsOf(fnId(s), secretId()).includes('secretsmanager:GetSecretValue'));
    expect(readers.sort()).toEqual(READERS);
    for (const [service, [, fn]] of functionByService) {
      expect(variablesOf(fn).PROVIDER_CREDENTIALS_ARN, service).toEqual(READERS.includes(service) ? { Ref: secretId() } : undefined);
    }
    // No other role (CDK's own handlers included) is granted anything on it.
    const policiesOnSecret = ofType('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes(`"${secretId()}"`));
    expect(policiesOnSecret).toHaveLength(READERS.length);
    for (const [, p] of policiesOnSecret) {
      const actions = (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement
        .filter((st) => JSON.stringify(st.Resource).includes(`"${secretId()}"`))
        .flatMap((st) => [st.Action].flat());
      expect(actions.sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    }
  });

  it('by default every function uses the sandboxes, and platforms send sellers back to the stack\'s own /settings', () => {
    for (const [service, [, fn]] of functionByService) {
      expect(variablesOf(fn), service).toMatchObject({ CARRIER: 'sandbox', PAYMENT_PROCESSOR: 'sandbox', PLATFORM_CONNECTORS: 'demo', PLATFORM_CLIENT_IDS: '{}' });
    }
    const [distributionId] = ofType('AWS::CloudFront::Distribution')[0]!;
    for (const service of ['http-integrations', 'job-platform-sync']) {
      expect(variablesOf(functionByService.get(service)![1]).PLATFORM_OAUTH_REDIRECT_URI, service).toEqual({
        'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }, '/settings']],
      });
    }
  });

  it('context choices (cdk -c) reach every function\'s environment', () => {
    const context = {
      carrier: 'easypost',
      paymentProcessor: 'stripe',
      platformConnectors: 'live',
      platformClientIds: '{"etsy":"etsy-keystring","ebay":"ebay-app-id"}',
      platformOAuthRedirectUri: 'https://desk.example.com/settings',
    };
    const fns = functionsOf(Template.fromStack(synth({}, context).stack)).filter(([, r]) => String(variablesOf(r).POWERTOOLS_SERVICE_NAME).startsWith('consultant-desk-'));
    expect(fns).toHaveLength(functionByService.size);
    for (const [id, fn] of fns) {
      expect(variablesOf(fn), id).toMatchObject({
        CARRIER: 'easypost',
        PAYMENT_PROCESSOR: 'stripe',
        PLATFORM_CONNECTORS: 'live',
        PLATFORM_CLIENT_IDS: JSON.stringify({ etsy: 'etsy-keystring', ebay: 'ebay-app-id' }),
      });
    }
    const redirects = fns.map(([, fn]) => variablesOf(fn).PLATFORM_OAUTH_REDIRECT_URI).filter(Boolean);
    expect(redirects).toEqual(['https://desk.example.com/settings', 'https://desk.example.com/settings']);
  });

  it('with a custom domain, platforms send sellers back to it', () => {
    const t = Template.fromStack(synth({ customDomain: { domainName: 'desk.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' } }).stack);
    const redirects = functionsOf(t).map(([, fn]) => variablesOf(fn).PLATFORM_OAUTH_REDIRECT_URI).filter(Boolean);
    expect(redirects).toEqual(['https://desk.example.com/settings', 'https://desk.example.com/settings']);
  });

  it('publishes the context it was deployed with (output DeployContext), so a rollback can pass the same', () => {
    const clientIds = { etsy: 'etsy-client' };
    const { stack } = synth({}, { carrier: 'easypost', platformConnectors: 'live', platformClientIds: JSON.stringify(clientIds), alarmEmail: 'oncall@example.com' });
    const outputs = Template.fromStack(stack).toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.parse(String(outputs.DeployContext?.Value))).toEqual({
      paymentProcessor: 'sandbox',
      carrier: 'easypost',
      platformConnectors: 'live',
      platformClientIds: JSON.stringify(clientIds),
      alarmEmail: 'oncall@example.com',
    });
  });

  it('a deploy that names no payment processor fails the synth; the sandbox is refused on a production stage', () => {
    expect(() => synth({}, { paymentProcessor: '' })).toThrow(/Invalid provider choices \(paymentProcessor: name the payment processor/);
    expect(() => synth({}, { stage: 'production' })).toThrow(/paymentProcessor: the sandbox processor is refused on a production stage/);
    const live = synth({}, { stage: 'production', paymentProcessor: 'stripe' }).stack;
    expect(live.providers.choices.paymentProcessor).toBe('stripe');
    expect(synth({}, { stage: 'staging' }).stack.providers.choices.paymentProcessor).toBe('sandbox');
  });

  it('a choice that is not a known provider fails the synth, naming the setting', () => {
    expect(() => synth({}, { carrier: 'fedex' })).toThrow(/Invalid provider choices \(carrier: /);
    expect(() => synth({}, { paymentProcessor: 'paypal' })).toThrow(/Invalid provider choices \(paymentProcessor: /);
    expect(() => synth({}, { platformClientIds: 'etsy=abc' })).toThrow(/platformClientIds must be a JSON object/);
    expect(() => synth({}, { platformClientIds: '{"myspace":"x"}' })).toThrow(/Invalid provider choices \(platformClientIds/);
  });
});

describe('web', () => {
  it('serves a private bucket through CloudFront with OAC and /api/* to the HTTP API, uncached', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const [, dist] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = dist.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.Logging).toBeDefined();
    expect(config.CacheBehaviors).toEqual([
      // Before /api/*: CloudFront takes the first behaviour that matches.
      expect.objectContaining({
        PathPattern: `/${STATUS.feedKey}`,
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized (honours the object's max-age)
        AllowedMethods: ['GET', 'HEAD'],
      }),
      expect.objectContaining({
        PathPattern: '/email-images/*',
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
        AllowedMethods: ['GET', 'HEAD'],
      }),
      expect.objectContaining({
        PathPattern: '/api/*',
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        AllowedMethods: expect.arrayContaining(['GET', 'POST']),
      }),
    ]);
    const defaultBehavior = config.DefaultCacheBehavior as { FunctionAssociations: { EventType: string }[] };
    expect(defaultBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
  });

  it('serves the status feed from the web bucket; only the status function reads it, and the version, there', () => {
    const [siteId] = ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('WebSite'))!;
    const [, dist] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = dist.Properties.DistributionConfig as { Origins: { Id: string; DomainName: unknown }[]; CacheBehaviors: { PathPattern: string; TargetOriginId: string }[] };
    const feed = config.CacheBehaviors.find((b) => b.PathPattern === `/${STATUS.feedKey}`)!;
    const origin = config.Origins.find((o) => o.Id === feed.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain(siteId);
    expect(variablesOfFn('http-status').STATUS_BUCKET).toEqual({ Ref: siteId });
    for (const service of functionByService.keys()) {
      const onSite = statementsOf(fnId(service)).filter((st) => JSON.stringify(st.Resource).includes(siteId));
      if (service !== 'http-status') {
        expect(onSite.filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:'))), service).toEqual([]);
        continue;
      }
      expect(onSite).toEqual([
        expect.objectContaining({
          Effect: 'Allow',
          Action: 's3:GetObject',
          Resource: [
            { 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteId, 'Arn'] }, `/${STATUS.feedKey}`]] },
            { 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteId, 'Arn'] }, `/${STATUS.versionKey}`]] },
          ],
        }),
      ]);
    }
  });

  it('deploys config.json without a web build, and the build when there is one', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    try {
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
      writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
      const built = Template.fromStack(synth({ webDist: dir }).stack);
      built.resourceCountIs('Custom::CDKBucketDeployment', 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers with an enforced CSP (self, Cognito, Stripe.js only with Stripe), COOP same-origin and HSTS with subdomains', () => {
    const headersOf = (t: Template) => {
      const [, dist] = Object.entries(t.toJSON().Resources as Record<string, Resource>).find(([, r]) => r.Type === 'AWS::CloudFront::Distribution')!;
      const policyRef = ((dist.Properties.DistributionConfig as Record<string, unknown>).DefaultCacheBehavior as { ResponseHeadersPolicyId: Ref })
        .ResponseHeadersPolicyId.Ref;
      return (t.toJSON().Resources[policyRef] as Resource).Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
        CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
      };
    };
    const sandbox = headersOf(template);
    const csp = String(sandbox.SecurityHeadersConfig.ContentSecurityPolicy!.ContentSecurityPolicy);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self';/);
    // The browser POSTs CSVs straight to the upload bucket, an S3 endpoint of the stack's region.
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.us-east-1\.amazonaws\.com https:\/\/\*\.s3\.us-east-1\.amazonaws\.com;/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|stripe/);
    expect(sandbox.SecurityHeadersConfig.StrictTransportSecurity).toEqual(
      expect.objectContaining({ IncludeSubdomains: true, Preload: true, Override: true, AccessControlMaxAgeSec: 730 * 86_400 }),
    );
    expect(sandbox.CustomHeadersConfig.Items).toContainEqual(expect.objectContaining({ Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin' }));

    const stripeCsp = String(headersOf(Template.fromStack(synth({}, { paymentProcessor: 'stripe' }).stack)).SecurityHeadersConfig.ContentSecurityPolicy!.ContentSecurityPolicy);
    expect(stripeCsp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com;/);
    expect(stripeCsp).toMatch(/frame-src https:\/\/js\.stripe\.com/);
  });

  it('puts AWS WAF with the managed rule groups and a rate rule in front of CloudFront', () => {
    const [aclId, acl] = ofType('AWS::WAFv2::WebACL')[0]!;
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as { Name: string; Statement: Record<string, { Name?: string; Limit?: number }> }[];
    expect(rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    expect(rules.find((r) => r.Statement.RateBasedStatement)?.Statement.RateBasedStatement?.Limit).toBeGreaterThan(0);
    const [, dist] = ofType('AWS::CloudFront::Distribution')[0]!;
    expect((dist.Properties.DistributionConfig as Record<string, unknown>).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('outside us-east-1 the stack takes the web ACL of the edge stack', () => {
    const app = new App({ context: { ...cdkContext, paymentProcessor: 'sandbox' } });
    const props = { env: { region: 'eu-west-1' }, bundle: false, webDist: path.join(tmpdir(), 'no-such-web-dist'), providers: { paymentProcessor: 'sandbox' as const } };
    expect(() => new ConsultantDeskStack(app, 'Elsewhere', props)).toThrow(/web ACL lives in us-east-1/);
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/abc';
    const t = Template.fromStack(new ConsultantDeskStack(app, 'ElsewhereWithAcl', { ...props, webAclArn: arn }));
    t.resourceCountIs('AWS::WAFv2::WebACL', 0);
    t.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: { WebACLId: arn } });
  });

  it('the SPA rewrite sends app routes to /index.html and leaves files alone', () => {
    const handler = new Function(`${SPA_REWRITE}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/customers')).toBe('/index.html');
    expect(rewrite('/rewards/history')).toBe('/index.html');
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
  });
});

describe('ops', () => {
  it('has a dashboard, an API 5xx alarm and an error alarm per function', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: '5xx', Namespace: 'AWS/ApiGateway' });
    const errorAlarms = ofType('AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties.MetricName === 'Errors');
    expect(errorAlarms).toHaveLength(functionByService.size);
    for (const [, a] of ofType('AWS::CloudWatch::Alarm')) expect(a.Properties.AlarmActions).toHaveLength(1);
  });

  it('alarms on the API error rate and on jobs each worker marks failed, with a runbook entry for every alarm', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const rate = alarms.find((a) => String(a.AlarmDescription).includes('"API error rate"'));
    expect(rate?.Metrics).toEqual(expect.arrayContaining([expect.objectContaining({ Expression: expect.stringContaining('100 * errors / requests') })]));
    const jobsFailed = alarms.filter((a) => a.MetricName === 'JobsFailed');
    expect(jobsFailed.map((a) => (a.Dimensions as { Value: string }[])[0]!.Value).sort()).toEqual(
      [
        'consultant-desk-job-csv-sync',
        'consultant-desk-job-email',
        'consultant-desk-job-label-batch',
        'consultant-desk-job-platform-sync',
        'consultant-desk-job-reward-email',
        'consultant-desk-job-watchdog',
      ],
    );
    const runbook = readFileSync(path.join(import.meta.dirname, '../../docs/runbook.md'), 'utf8');
    const entries = new Set(alarms.map((a) => /docs\/runbook\.md "([^"]+)"/.exec(String(a.AlarmDescription))?.[1]));
    expect([...entries].filter((e) => !e || !runbook.includes(`### ${e}`))).toEqual([]);
  });

  it('the dashboard graphs imports, labels, emails, syncs and failed jobs', () => {
    const [, dashboard] = ofType('AWS::CloudWatch::Dashboard')[0]!;
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const name of ['ImportRows', 'ImportDuration', 'LabelsBought', 'LabelsVoided', 'EmailsBounced', 'SyncsFailed', 'JobsFailed']) expect(body).toContain(name);
  });
});

describe('the names docs/runbook.md gives', () => {
  const runbook = readFileSync(path.join(import.meta.dirname, '../../docs/runbook.md'), 'utf8');
  const alarmNames = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties.AlarmName);
  // Ours: not the log group CDK makes for its own deployment handler (`Custom…`, named after that function).
  const logGroupNames = () => ofType('AWS::Logs::LogGroup').filter(([id]) => !id.startsWith('Custom')).map(([, g]) => g.Properties.LogGroupName);
  /** Every name in backticks starting with `prefix`; a `<part>` or `*` in it stands for any part. */
  const named = (prefix: string) => [...new Set([...runbook.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((n) => n.startsWith(prefix)))];
  const matcher = (name: string) =>
    new RegExp(`^${name.split(/(<[^>]+>|\*)/).map((part, i) => (i % 2 ? '.+' : part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('')}$`);
  const missing = (names: string[], actual: unknown[]) => names.filter((n) => !actual.some((a) => typeof a === 'string' && matcher(n).test(a)));

  it('every alarm and log group is named after the stack', () => {
    for (const name of alarmNames()) expect(name).toMatch(/^ConsultantDesk-/);
    for (const name of logGroupNames()) expect(name).toMatch(/^\/consultant-desk\/ConsultantDesk\//);
  });

  it('every alarm the runbook names exists, and every alarm of the stack is named there', () => {
    const names = named('ConsultantDesk-');
    expect(names.length).toBeGreaterThan(5);
    expect(missing(names, alarmNames())).toEqual([]);
    expect(alarmNames().filter((a) => !names.some((n) => matcher(n).test(String(a))))).toEqual([]);
  });

  it('every DLQ has its alarm named in the runbook, with a procedure', () => {
    const dlqSection = runbook.slice(runbook.indexOf('### DLQ not empty'));
    for (const q of Object.values(QUEUES)) expect(dlqSection, q.name).toContain(`| \`ConsultantDesk-${q.name}-dlq-not-empty\` |`);
  });

  it('every metric of METRICS_BY_FUNCTION is graphed for its function, and FollowUpsNotQueued alarms for each', () => {
    const [, dashboard] = ofType('AWS::CloudWatch::Dashboard')[0]!;
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const [fn, names] of Object.entries(METRICS_BY_FUNCTION)) for (const name of names) expect(body, `${fn} ${name}`).toContain(`${fn} ${name}`);
    const notQueued = ofType('AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties.MetricName === 'FollowUpsNotQueued');
    const emitters = Object.entries(METRICS_BY_FUNCTION).filter(([, names]) => names.includes('FollowUpsNotQueued'));
    expect(notQueued.map(([, a]) => a.Properties.AlarmName).sort()).toEqual(emitters.map(([fn]) => `ConsultantDesk-${fn}-follow-ups-not-queued`).sort());
  });

  it('every log group the runbook names exists, and every function has one of its pattern', () => {
    const names = named('/consultant-desk/');
    expect(names.length).toBeGreaterThan(2);
    expect(missing(names, logGroupNames())).toEqual([]);
    for (const [service, [, fn]] of functionByService) {
      const group = (fn.Properties.LoggingConfig as { LogGroup: Ref }).LogGroup.Ref;
      expect(resources[group]!.Properties.LogGroupName, service).toBe(`/consultant-desk/ConsultantDesk/${service}`);
    }
  });
});

describe('cdk-nag', () => {
  it('AwsSolutions finds no unacknowledged error or warning', () => {
    const { app, stack } = synth();
    // cdk-nag v3 reports through CDK's policy validation, not annotations: read its report directly.
    const report = new AwsSolutionsChecks().validateScope(stack);
    const findings = report.violations.flatMap((v) =>
      v.violatingResources.map((r) => `${v.severity} ${v.ruleName} ${r.constructPath}`),
    );
    expect(findings).toEqual([]);

    // And as `cdk synth` runs it: a validation plugin on the app, which throws on any finding.
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
  });
});
