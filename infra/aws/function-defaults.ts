import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { ApplicationLogLevel, Architecture, Code, LoggingFormat, Runtime, SystemLogLevel } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { serviceName } from '../../shared/ops/metrics.js';
import { FUNCTION_BUNDLE } from './bundling.js';
import { BASIC_EXECUTION_ROLE } from './nag.js';
import { FUNCTION_SETTINGS } from '../definitions.js';
import { logGroupName } from './names.js';

/** The repository root: entries, the lock file and tsconfig.json are found from here. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The runtime every function runs on (ARCHITECTURE.md: nodejs22.x, arm64). */
export const RUNTIME = Runtime.NODEJS_22_X;
export const ARCHITECTURE = Architecture.ARM_64;

export interface FunctionDefaultsProps {
  /**
   * true: bundle each entry with esbuild (what `cdk synth` and `cdk deploy` do).
   * false: inline placeholder code, so stack tests run in seconds without esbuild.
   */
  bundle: boolean;
  /** The environment every function gets (docs/CONTRACTS.md). */
  environment: Record<string, string>;
  /** @default one month */
  logRetention?: RetentionDays;
}

export interface AppFunctionProps {
  /** Entry relative to the repository root, e.g. `functions/http/customers.ts`. */
  entry: string;
  description: string;
  /** Powertools service name suffix, e.g. `http-customers`. */
  service: string;
  /** @default 256 */
  memorySize?: number;
  /** @default 10 seconds (HTTP calls answer well inside API Gateway's 30 s) */
  timeout?: Duration;
  /** Added to the shared environment. */
  environment?: Record<string, string>;
}

/**
 * Owns the defaults of every Lambda function of the product (SST / Powertools habit: one place for
 * runtime, architecture, bundling, logging and the shared environment). Each function is a plain
 * NodejsFunction, so grants stay explicit per function at the call site.
 */
export class FunctionDefaults extends Construct {
  readonly functions: NodejsFunction[] = [];
  private readonly props: FunctionDefaultsProps;

  constructor(scope: Construct, id: string, props: FunctionDefaultsProps) {
    super(scope, id);
    this.props = props;
  }

  create(scope: Construct, id: string, props: AppFunctionProps): NodejsFunction {
    const entry = path.join(REPO_ROOT, props.entry);
    if (!existsSync(entry)) throw new Error(`Function entry ${props.entry} does not exist`);

    const logGroup = new LogGroup(scope, `${id}Logs`, {
      logGroupName: logGroupName(scope, props.service),
      retention: this.props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const code = this.props.bundle
      ? {
          entry,
          projectRoot: REPO_ROOT,
          depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
          bundling: {
            format: OutputFormat.ESM,
            target: FUNCTION_BUNDLE.target,
            minify: FUNCTION_BUNDLE.minify,
            sourceMap: true,
            sourceMapMode: SourceMapMode.DEFAULT,
            sourcesContent: false,
            mainFields: [...FUNCTION_BUNDLE.mainFields],
            banner: FUNCTION_BUNDLE.banner,
            // The AWS SDK v3 is bundled (and tree-shaken) rather than taken from the runtime: bundled starts faster
            // and pins the version the code was tested with.
            bundleAwsSDK: true,
            externalModules: [],
            esbuildArgs: {
              '--tree-shaking': String(FUNCTION_BUNDLE.treeShaking),
              ...Object.fromEntries(Object.entries(FUNCTION_BUNDLE.alias).map(([name, to]) => [`--alias:${name}`, to])),
            },
          },
        }
      : { code: Code.fromInline('export const handler = async () => ({});'), handler: 'index.handler' };

    const fn = new NodejsFunction(scope, id, {
      ...code,
      description: props.description,
      runtime: RUNTIME,
      architecture: ARCHITECTURE,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
      environment: {
        ...FUNCTION_SETTINGS,
        ...this.props.environment,
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: serviceName(props.service),
        LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime the architecture fixes for every function (ARCHITECTURE.md) and the one local runs and tests use; moving to a newer runtime is a deliberate, tested upgrade.',
    });
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM4[${BASIC_EXECUTION_ROLE}]`,
      reason:
        'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs; the function has a dedicated log group.',
    });
    this.functions.push(fn);
    return fn;
  }
}
