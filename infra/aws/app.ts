#!/usr/bin/env node
import { App, Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REGION_DEFAULT } from '../definitions.js';
import { providerChoicesFromContext } from './context.js';
import { ConsultantDeskStack } from './stack.js';
import { EDGE_REGION, EdgeWebAcl } from './web-security.js';

/**
 * The CDK app (`cdk.json`: `npx tsx infra/aws/app.ts`). No lookups: `cdk synth` works offline.
 * Context: `alarmEmail`, `domainName` + `certificateArn` (optional); the real providers: `carrier`, `paymentProcessor`,
 * `platformConnectors`, `platformClientIds`, `platformOAuthRedirectUri` (docs/deploy.md).
 */
const app = new App();
const context = (key: string): string | undefined => {
  const value = app.node.tryGetContext(key);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};
const domainName = context('domainName');
const certificateArn = context('certificateArn');
const alarmEmail = context('alarmEmail');

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION ?? REGION_DEFAULT;

/** Outside us-east-1 the CloudFront web ACL gets a small stack of its own there, referenced across regions. */
function edgeWebAclArn(): string | undefined {
  if (region === EDGE_REGION) return undefined;
  const edge = new Stack(app, 'ConsultantDeskEdge', {
    description: 'consultant-desk: the CloudFront web ACL (AWS WAF, us-east-1)',
    env: { account, region: EDGE_REGION },
    crossRegionReferences: true,
  });
  return new EdgeWebAcl(edge, 'Edge').arn;
}
const webAclArn = edgeWebAclArn();

new ConsultantDeskStack(app, 'ConsultantDesk', {
  description: 'consultant-desk: shipping and selling tool for independent sellers',
  env: { account, region },
  ...(webAclArn ? { webAclArn, crossRegionReferences: true } : {}),
  bundle: true,
  providers: providerChoicesFromContext(app.node),
  ...(alarmEmail ? { alarmEmail } : {}),
  ...(domainName && certificateArn ? { customDomain: { domainName, certificateArn } } : {}),
});

// cdk-nag v3 is a policy-validation plugin (the v2 Aspect is gone): synth fails on any unacknowledged finding.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
