import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EMAIL } from '../definitions.js';
import { acknowledgeWildcardResource } from './nag.js';

export interface EmailProps {
  /** Where SES's bounces and complaints go (QUEUES.emailEvents). */
  eventsQueue: Queue;
}

/**
 * Email on AWS: the SES configuration set every email is sent with, whose bounce and complaint events go through an
 * SNS topic to the email-events queue (raw delivery: the queue's body is SES's event), and the secret that signs
 * unsubscribe links (generated here, never in the template).
 */
export class Email extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly topic: Topic;
  readonly linkSecret: Secret;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Events', { displayName: 'consultant-desk SES bounces and complaints', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: "SES publishes to it; a KMS-encrypted topic would need a customer managed key whose policy lets SES use it. The events name addresses we sent to, which SES already holds; the queue they land in is encrypted.",
    });
    this.topic.addSubscription(new SqsSubscription(props.eventsQueue, { rawMessageDelivery: true }));

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { configurationSetName: EMAIL.configurationSet, reputationMetrics: true });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(this.topic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    this.linkSecret = new Secret(this, 'LinkSecret', {
      description: 'consultant-desk: the HMAC key of unsubscribe links (generated; rotating it voids links already sent)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.linkSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Rotating the key voids every unsubscribe link already sent, which CAN-SPAM requires to keep working for 30 days: it is rotated by hand, rarely.',
    });
  }

  /**
   * A worker that sends: SES SendBulkEmail (a batch's emails in one call, functions/adapters/ses.ts) through this
   * configuration set, and the key that signs its unsubscribe links.
   */
  allowSend(fn: NodejsFunction): void {
    const stack = Stack.of(this);
    const identities = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    const configurationSet = stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: EMAIL.configurationSet });
    // SendBulkEmail is authorized on the account's templates too; the sends use an inline template, none stored.
    const templates = stack.formatArn({ service: 'ses', resource: 'template', resourceName: '*' });
    fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['ses:SendBulkEmail'], resources: [identities, configurationSet, templates] }));
    acknowledgeWildcardResource(fn, templates, 'SendBulkEmail names a template resource; the email workers send with an inline template and store none. Send only, this account and region.');
    acknowledgeWildcardResource(
      fn,
      identities,
      "SES authorizes the sender identity and, in the sandbox, each recipient: recipients are sellers' customers, unknown at deploy time. Send only, this account and region.",
    );
    // The name itself (fixed by the definitions), with the dependency its token would have given: the set exists
    // before a function sends with it.
    fn.addEnvironment('EMAIL_CONFIGURATION_SET', EMAIL.configurationSet);
    fn.node.addDependency(this.configurationSet);
    this.allowLinks(fn);
  }

  /** A function that makes or checks unsubscribe links: it may read their key and is told where it is. */
  allowLinks(fn: NodejsFunction): void {
    fn.addEnvironment('EMAIL_LINK_KEY_ARN', this.linkSecret.secretArn);
    this.linkSecret.grantRead(fn);
  }
}
