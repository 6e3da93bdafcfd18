import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { USER_POOL } from '../definitions.js';

/** Sellers sign in with Cognito (email + password); the web app is a public client (no secret). */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.userPool = new UserPool(this, 'Sellers', {
      userPoolName: USER_POOL.name,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: USER_POOL.passwordMinLength,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional (TOTP) by product choice: sellers sign up themselves and the spec has no MFA enrolment step; Plus-tier threat protection (compromised credentials, adaptive risk) is enforced instead.',
    });

    this.webClient = this.userPool.addClient('Web', {
      userPoolClientName: USER_POOL.clientName,
      generateSecret: false,
      authFlows: {
        userPassword: USER_POOL.authFlows.userPassword,
        userSrp: USER_POOL.authFlows.userSrp,
      },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }

  /** `https://cognito-idp.<region>.amazonaws.com/<poolId>`: the issuer the JWT authorizer and the functions trust. */
  get issuer(): string {
    const stack = Stack.of(this);
    return `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
  }
}
