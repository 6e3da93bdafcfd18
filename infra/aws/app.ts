#!/usr/bin/env node
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REGION_DEFAULT } from '../definitions.js';
import { providerChoicesFromContext } from './context.js';
import { ConsultantDeskStack } from './stack.js';

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

new ConsultantDeskStack(app, 'ConsultantDesk', {
  description: 'consultant-desk: shipping and selling tool for independent sellers',
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? REGION_DEFAULT,
  },
  bundle: true,
  providers: providerChoicesFromContext(app.node),
  ...(alarmEmail ? { alarmEmail } : {}),
  ...(domainName && certificateArn ? { customDomain: { domainName, certificateArn } } : {}),
});

// cdk-nag v3 is a policy-validation plugin (the v2 Aspect is gone): synth fails on any unacknowledged finding.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
