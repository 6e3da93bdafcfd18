import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { EMAIL_LEDGER, TABLE } from '../definitions.js';

/** A table of `def`'s keys and TTL: on demand, encrypted, recoverable to any point, and never deleted with the stack. */
function keptTable(scope: Construct, id: string, def: { partitionKey: string; sortKey: string; ttlAttribute: string }): Table {
  return new Table(scope, id, {
    partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
    sortKey: { name: def.sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    timeToLiveAttribute: def.ttlAttribute,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    encryption: TableEncryption.AWS_MANAGED,
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
}

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

    this.table = keptTable(this, 'Table', TABLE);
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    // Suppressions are the sellers' promise not to email an address (CAN-SPAM): kept as carefully as the business table.
    this.emailLedger = keptTable(this, 'EmailLedger', EMAIL_LEDGER);

    this.credentialsKey = new Key(this, 'PlatformCredentialsKey', {
      description: 'consultant-desk: encrypts sellers\' commerce platform credentials',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
