import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** CloudFront's web ACLs, like its certificates, live in us-east-1. */
export const EDGE_REGION = 'us-east-1';

export interface CspOptions {
  /** Cognito's region: the browser signs in against cognito-idp.<region>.amazonaws.com. */
  region: string;
  /** Stripe.js is loaded only where the Stripe processor is used (the billing form's card element). */
  stripe: boolean;
}

/**
 * The web app's Content-Security-Policy: our own origin (the SPA and /api on one origin), Cognito's sign-in
 * endpoint, S3 of the region (uploads), and Stripe.js only when the Stripe processor is chosen. No inline script, no eval, no framing.
 */
export function contentSecurityPolicy({ region, stripe }: CspOptions): string {
  const cognito = `https://cognito-idp.${region}.amazonaws.com`;
  const stripeScript = stripe ? ' https://js.stripe.com' : '';
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': `'self'${stripeScript}`,
    'style-src': "'self'",
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    // CSVs go straight to the upload bucket (a presigned POST). Its generated name cannot be written here: the
    // bucket's CORS names this distribution, and a reference each way is a cycle. S3 of this region, then.
    'connect-src': `'self' ${cognito} https://*.s3.${region}.amazonaws.com${stripe ? ' https://api.stripe.com' : ''}`,
    'frame-src': stripe ? 'https://js.stripe.com https://hooks.stripe.com' : "'none'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
    'upgrade-insecure-requests': '',
  };
  return Object.entries(directives)
    .map(([name, value]) => (value ? `${name} ${value}` : name))
    .join('; ');
}

/** The headers CloudFront adds to every web answer: CSP enforced, HSTS with subdomains, COOP same-origin. */
export function webResponseHeaders(scope: Construct, id: string, csp: string): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, id, {
    comment: 'consultant-desk web app: CSP, HSTS, COOP',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
      ],
    },
  });
}

/** Requests per 5 minutes from one address before WAF blocks it (well above a seller's busiest minute). */
export const WAF_RATE_LIMIT_PER_5_MIN = 2000;

const managed = (name: string, priority: number): CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
  visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
});

/**
 * AWS WAF in front of CloudFront: AWS's managed rule groups (common exploits, known bad inputs, IP reputation)
 * and a rate rule per address. A CloudFront web ACL lives in us-east-1 (infra/aws/app.ts puts it there).
 */
export class EdgeWebAcl extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.acl = new CfnWebACL(this, 'Acl', {
      name: 'consultant-desk-edge',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'consultant-desk-edge', sampledRequestsEnabled: true },
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        managed('AWSManagedRulesCommonRuleSet', 1),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
        {
          name: 'RatePerAddress',
          priority: 3,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: WAF_RATE_LIMIT_PER_5_MIN, aggregateKeyType: 'IP' } },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'RatePerAddress', sampledRequestsEnabled: true },
        },
      ],
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
