import { AdminGetUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config.js';

/** One client per container; locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at cognito-local. */
const cognito = new CognitoIdentityProviderClient({ region: config.AWS_REGION, maxAttempts: 3 });

/** Whether the user pool's account may still be used: false once disabled (AdminDisableUser) or deleted. */
export async function accountEnabled(userPoolId: string, username: string): Promise<boolean> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return user.Enabled === true;
  } catch (err) {
    if (err instanceof UserNotFoundException || (err as { name?: string }).name === 'UserNotFoundException') return false;
    throw err;
  }
}
