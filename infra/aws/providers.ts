import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import * as z from 'zod';
import { PLATFORMS } from '../../shared/domain/platforms.js';
import { PLANS } from '../../shared/domain/plans.js';
import { CARRIERS, PAYMENT_PROCESSORS, PLATFORM_CONNECTOR_MODES, PROVIDER_SECRET_KEYS } from '../../shared/domain/providers.js';

/** The environment variable naming the secret (functions/config.ts PROVIDER_CREDENTIALS_ARN). */
export const SECRET_ARN_VARIABLE = 'PROVIDER_CREDENTIALS_ARN';

/** The non-secret provider choices of a deployment; every one defaults to the sandbox. */
export const providerChoicesSchema = z
  .object({
    carrier: z.enum(CARRIERS).default('sandbox'),
    // No default: the sandbox accepts any well-formed token as a paid card, so a deploy must name it to get it.
    paymentProcessor: z.enum(PAYMENT_PROCESSORS, {
      error: `name the payment processor (-c paymentProcessor=stripe, or -c paymentProcessor=sandbox for a test stack)`,
    }),
    platformConnectors: z.enum(PLATFORM_CONNECTOR_MODES).default('demo'),
    /** Our OAuth client id per platform (public: it appears in every authorize URL). */
    platformClientIds: z.partialRecord(z.enum(PLATFORMS), z.string().min(1)).default({}),
    /** Where platforms send the seller back. @default the stack's web address + /settings */
    platformOAuthRedirectUri: z.string().url().optional(),
    /** `production` marks a stack that takes real money and real sellers. */
    stage: z.string().max(40).optional(),
    /** Plan prices overriding spec section 9's defaults (functions/config.ts PLAN_PRICES, docs/runbook.md). */
    planPrices: z
      .partialRecord(z.enum(PLANS), z.object({ monthly: z.number().min(0).max(10_000), annual: z.number().min(0).max(10_000) }).partial())
      .optional(),
    /** false hides /upgrade's annual toggle (SHOW_ANNUAL). */
    showAnnual: z.boolean().optional(),
  })
  .strict()
  .refine((c) => !(c.stage === 'production' && c.paymentProcessor === 'sandbox'), {
    path: ['paymentProcessor'],
    message: 'the sandbox processor is refused on a production stage (it accepts any card token)',
  });
export type ProviderChoices = z.input<typeof providerChoicesSchema>;

export interface ProvidersProps {
  choices?: ProviderChoices;
}

/**
 * The real providers' settings of the deployed functions. The choices are plain environment variables; the
 * secrets (Stripe's and EasyPost's keys, the platforms' client secrets) live in one Secrets Manager secret that
 * this stack creates empty and the operator fills (docs/deploy.md): the template never holds a value, and only
 * the functions given `allowRead` may read it, once per cold start (functions/adapters/secrets.ts).
 */
export class Providers extends Construct {
  readonly secret: Secret;
  readonly choices: z.output<typeof providerChoicesSchema>;

  constructor(scope: Construct, id: string, props: ProvidersProps = {}) {
    super(scope, id);
    const parsed = providerChoicesSchema.safeParse(props.choices ?? {});
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => `${i.path.join('.') || 'choices'}: ${i.message}`).join('; ');
      throw new Error(`Invalid provider choices (${fields})`);
    }
    this.choices = parsed.data;

    this.secret = new Secret(this, 'Credentials', {
      description: `consultant-desk provider credentials: a JSON object with ${PROVIDER_SECRET_KEYS.join(', ')} (docs/deploy.md)`,
      // The operator's values outlive a stack deletion, like the table and the credentials key.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "The values are API keys issued in Stripe's, EasyPost's and each platform's dashboards: no rotation Lambda can issue them. The operator rotates them there and puts the new value (docs/runbook.md \"Rotate provider credentials\").",
    });
  }

  /** The choices, for every function's environment. */
  get environment(): Record<string, string> {
    return {
      CARRIER: this.choices.carrier,
      PAYMENT_PROCESSOR: this.choices.paymentProcessor,
      PLATFORM_CONNECTORS: this.choices.platformConnectors,
      PLATFORM_CLIENT_IDS: JSON.stringify(this.choices.platformClientIds),
      // Only when chosen: the functions otherwise charge spec section 9's defaults.
      ...(this.choices.planPrices ? { PLAN_PRICES: JSON.stringify(this.choices.planPrices) } : {}),
      ...(this.choices.showAnnual !== undefined ? { SHOW_ANNUAL: String(this.choices.showAnnual) } : {}),
    };
  }

  /** A function that builds a real processor, carrier or platform client: it learns where the secret is and may read it. */
  allowRead(fn: LambdaFunction & IGrantable): void {
    fn.addEnvironment(SECRET_ARN_VARIABLE, this.secret.secretArn);
    this.secret.grantRead(fn);
  }

  /** A function that sends sellers to a platform's consent page: where the platform sends them back. */
  setOAuthRedirect(fn: LambdaFunction, webUrl: string): void {
    fn.addEnvironment('PLATFORM_OAUTH_REDIRECT_URI', this.choices.platformOAuthRedirectUri ?? `${webUrl}/settings`);
  }
}
