import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** The AWS managed policy every Lambda role gets from CDK: write its own logs. */
export const BASIC_EXECUTION_ROLE =
  'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';

/**
 * A value as cdk-nag names it in a finding: tokens resolved, `Ref` as `<Id>`, `Fn::GetAtt` as `<Id.Attr>`.
 * So an acknowledgment names the exact resource (cdk-nag v3 matches findings exactly, no prefix matching).
 */
export function nagValue(scope: IConstruct, value: string): string {
  const render = (v: unknown): string => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.Ref === 'string') return `<${o.Ref}>`;
      const att = o['Fn::GetAtt'];
      if (Array.isArray(att)) return `<${att.join('.')}>`;
      const join = o['Fn::Join'];
      if (Array.isArray(join)) return (join[1] as unknown[]).map(render).join(join[0] as string);
    }
    throw new Error(`Cannot render ${JSON.stringify(v)} as a cdk-nag finding`);
  };
  return render(Stack.of(scope).resolve(value));
}

/** Acknowledge one IAM5 wildcard finding (an `Action::…` or a `Resource::…`) on a construct and its children. */
export function acknowledgeWildcard(scope: IConstruct, finding: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
}

export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  acknowledgeWildcard(scope, `Resource::${nagValue(scope, resource)}`, reason);
}
