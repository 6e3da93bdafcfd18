import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { TABLE } from '../definitions.js';
import { acknowledgeWildcardResource } from './nag.js';

/** What a function may do with the table: its own actions decide (docs/runbook.md, issue 13). */
export type TableAccess = 'readWrite' | 'read' | 'none';

/** Reads the table's GSIs: grantReadData / grantReadWriteData name them `<table>/index/*`. */
const INDEX_REASON = "Queries on this table's GSIs (gsi1 to gsi3; docs/data-model.md): the grant names them <table>/index/*.";

/** Grants `access` on the table (tenant keys are checked in code: every partition key starts with the seller's id). */
export function grantTable(table: Table, fn: NodejsFunction, access: TableAccess): void {
  if (access === 'none') return;
  if (access === 'readWrite') table.grantReadWriteData(fn);
  else table.grantReadData(fn);
  acknowledgeWildcardResource(fn, `${table.tableArn}/index/*`, INDEX_REASON);
}

/**
 * Every HTTP call counts against its seller's rate limit, a conditional write of the seller's bucket: a function
 * that otherwise only reads may create and update items whose partition key is a bucket's, and no other.
 */
export function grantRateBuckets(table: Table, fn: NodejsFunction): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TABLE.rateBucketKeys] } },
    }),
  );
}
