import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { EMAIL_LEDGER, TABLE } from '../definitions.js';

/**
 * The single table (TABLE in infra/definitions.ts), the email ledger (EMAIL_LEDGER) and the key that encrypts
 * sellers' platform credentials.
 */
export class Data extends Construct {
  readonly table: Table;
  readonly emailLedger: Table;
  /** Envelope key for platform credentials (OAuth tokens, API keys) stored on the seller's items. */
  readonly credentialsKey: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    // Suppressions are the sellers' promise not to email an address (CAN-SPAM): kept as carefully as the business table.
    this.emailLedger = new Table(this, 'EmailLedger', {
      partitionKey: { name: EMAIL_LEDGER.partitionKey, type: AttributeType.STRING },
      sortKey: { name: EMAIL_LEDGER.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: EMAIL_LEDGER.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.credentialsKey = new Key(this, 'PlatformCredentialsKey', {
      description: 'consultant-desk: encrypts sellers\' commerce platform credentials',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
