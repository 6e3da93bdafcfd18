import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Physical names on-call types or picks from a list (docs/runbook.md): alarms and log groups. Each starts with the
 * stack's name, so two stacks in one account never collide and the runbook can name them; CloudFormation's
 * generated names (`ConsultantDesk-OpsApi5xxA1B2…`) could not be written down in advance.
 */
export const alarmName = (scope: IConstruct, name: string): string => `${Stack.of(scope).stackName}-${name}`;

/** `/consultant-desk/<stack>/<service>`: a function's (`http-customers`, `job-csv-sync`) or the API's access log. */
export const logGroupName = (scope: IConstruct, service: string): string => `/consultant-desk/${Stack.of(scope).stackName}/${service}`;
