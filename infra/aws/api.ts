import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { CALL_GROUPS, type CallGroup } from '../../shared/api/route.js';
import { routeList } from '../../shared/api/routes.js';
import type { Auth } from './auth.js';
import type { FunctionDefaults } from './function-defaults.js';
import { logGroupName } from './names.js';

export interface ApiProps {
  defaults: FunctionDefaults;
  auth: Auth;
  /** Steady-state requests per second across the API (stage default). @default 100 */
  rateLimit?: number;
  /** @default 200 */
  burstLimit?: number;
}

/** Memory per call group where the default (256 MB) is not enough: multipart parsing and PDF work. */
const MEMORY: Partial<Record<CallGroup, number>> = { upload: 512, customers: 512, marketing: 512 };
/** HTTP calls end well before API Gateway's 30 s integration limit. */
const HTTP_TIMEOUT = Duration.seconds(25);

/**
 * The HTTP API: a Cognito JWT authorizer, one function per call group and one route per entry of the route
 * table (shared/api/routes.ts), with access logs and stage throttling.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: Record<CallGroup, NodejsFunction>;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'Http', {
      apiName: 'consultant-desk',
      description: 'consultant-desk API (served to browsers through CloudFront under /api)',
      createDefaultStage: false,
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: logGroupName(this, 'api-access'),
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.rateLimit ?? 100, burstLimit: props.burstLimit ?? 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.auth.issuer, {
      authorizerName: 'cognito-sellers',
      // ID tokens carry the client id in `aud`; access tokens in `client_id`, which HTTP APIs also match.
      jwtAudience: [props.auth.webClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    const functions: Partial<Record<CallGroup, NodejsFunction>> = {};
    const integrations: Partial<Record<CallGroup, HttpLambdaIntegration>> = {};
    for (const group of CALL_GROUPS) {
      const fn = props.defaults.create(this, `${group}-handler`, {
        entry: `functions/http/${group}.ts`,
        description: `consultant-desk: HTTP calls of the ${group} group`,
        service: `http-${group}`,
        memorySize: MEMORY[group] ?? 256,
        timeout: HTTP_TIMEOUT,
      });
      functions[group] = fn;
      // One invoke permission per function for the whole API, not one per route: the integrations group alone
      // has ~30 routes, and per-route statements would crowd the function's 20 KB resource policy.
      integrations[group] = new HttpLambdaIntegration(`${group}-integration`, fn, { scopePermissionToRoute: false });
    }
    this.functions = functions as Record<CallGroup, NodejsFunction>;

    for (const route of routeList) {
      const httpRoute = new HttpRoute(this, `Route-${route.id}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations[route.group]!,
        // A public route (an email's unsubscribe link) is called by no one signed in: its token is checked in code.
        ...(route.public ? {} : { authorizer }),
      });
      if (route.public) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (RouteDef.public): it serves an email's unsubscribe link, which must work without signing in (RFC 8058); the handler accepts only a token signed with the stack's link secret.`,
        });
      }
    }
  }

  /** `<apiId>.execute-api.<region>.amazonaws.com`: the CloudFront origin. */
  get originDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${this.httpApi.stack.region}.${this.httpApi.stack.urlSuffix}`;
  }
}
