import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { webResponseHeaders } from './web-security.js';
import { REPO_ROOT } from './function-defaults.js';
import { STATUS } from '../definitions.js';

export interface WebProps {
  /** `<apiId>.execute-api.<region>.amazonaws.com` */
  apiOriginDomain: string;
  /** The runtime configuration the SPA fetches from `/config.json` (docs/CONTRACTS.md). */
  config: { region: string; userPoolId: string; userPoolClientId: string; apiBase: '/api'; stripePublishableKey?: string };
  logsBucket: IBucket;
  /** Images sellers put in emails, served at /email-images/* (the bucket's keys start with email-images/). */
  emailImages: IBucket;
  /** The built SPA; deployed when it exists (`npm run build:web`). @default <repo>/web/dist */
  distDir?: string;
  /** The response headers' Content-Security-Policy (web-security.ts contentSecurityPolicy). */
  csp: string;
  /** The AWS WAF web ACL (scope CLOUDFRONT, in us-east-1) in front of the distribution. */
  webAclArn: string;
  /** A custom domain with an ACM certificate in us-east-1; without it the *.cloudfront.net name serves. */
  customDomain?: { domainName: string; certificateArn: string };
}

/**
 * SPA fallback as a viewer-request function on the default (S3) behavior only: a path without a file extension
 * is an app route and gets /index.html. Custom error responses (403/404 → /index.html) would apply to the /api/*
 * behavior too and turn the API's own 403 "Upgrade Required" and 404s into the HTML page.
 */
export const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The web app: a private bucket behind CloudFront (OAC), `/api/*` to the HTTP API, and config.json. */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'web-bucket/',
      // Kept on stack deletion like the other buckets (a non-empty bucket cannot be deleted by CloudFormation).
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'consultant-desk: app routes serve /index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE),
    });

    // One origin access control for both private buckets (the site, the email images).
    const originAccessControl = new S3OriginAccessControl(this, 'OriginAccess', { description: 'consultant-desk site and email images' });
    const domain = props.customDomain;
    this.distribution = new Distribution(this, 'Cdn', {
      comment: 'consultant-desk web app and API',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(domain
        ? {
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
          }
        : {}),
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, { originAccessControl }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: webResponseHeaders(this, 'Headers', props.csp),
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The status feed (issue 16) is a file in this bucket, written by `npm run status`: served from S3 so an outage of
        // the API still shows its notice. More specific than /api/*, and listed first, so CloudFront matches it first.
        [`/${STATUS.feedKey}`]: {
          origin: S3BucketOrigin.withOriginAccessControl(this.bucket, { originAccessControl }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          // Honours the object's max-age (STATUS.maxAgeSeconds), so a change reaches every app within one poll.
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          compress: true,
        },
        // Emails' images: any reader's mail client fetches them, so no sign-in; keys hold the content hash, cached long.
        '/email-images/*': {
          origin: S3BucketOrigin.withOriginAccessControl(props.emailImages, { originAccessControl }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          compress: false,
        },
        '/api/*': {
          origin: new HttpOrigin(props.apiOriginDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            readTimeout: Duration.seconds(30),
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header (Authorization included) but Host, which must be the API's own for API Gateway.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
        },
      },
    });
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution serves the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; pass a domain and ACM certificate (docs/deploy.md) for TLSv1.2_2021.',
      });
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'No geo restriction: sellers travel and sell from anywhere; access is by Cognito sign-in, not location.',
    });

    this.deploySite(props);
  }

  private deploySite(props: WebProps): void {
    const dist = props.distDir ?? path.join(REPO_ROOT, 'web', 'dist');
    const built = existsSync(path.join(dist, 'index.html'));

    // Hashed assets first, cached for a year, never pruned: a browser still on the previous index.html can
    // load its lazy chunks during and after a deploy.
    const assets = built
      ? new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(dist, { exclude: ['index.html', 'config.json'] })],
          destinationBucket: this.bucket,
          prune: false,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          memoryLimit: 512,
        })
      : undefined;

    // Then the entry points, never cached by browsers; CloudFront is invalidated so the new ones serve at once.
    const entry = new BucketDeployment(this, 'DeployEntry', {
      sources: [
        ...(built ? [Source.asset(dist, { exclude: ['*', '!index.html'] })] : []),
        Source.jsonData('config.json', props.config),
      ],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json', '/'],
      memoryLimit: 512,
    });
    if (assets) entry.node.addDependency(assets);
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
