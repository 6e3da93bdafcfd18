import * as z from 'zod';

/**
 * Validation messages in plain words (issue 17): a schema that names its own message keeps it; every other check
 * (a bound with no message, a wrong type, an unknown choice) reads as a sentence a seller understands, never as the
 * schema's internals ("Too big: expected number to be <=108"). Installed once by the server (functions/http/
 * validate.ts) and the web app (web/src/zod-config.ts), so both say the same.
 */

const amount = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('en-US'));

type Issue = Parameters<z.core.$ZodErrorMap>[0];

export function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case 'too_big': {
      const max = amount(issue.maximum);
      if (issue.origin === 'string') return `Use at most ${max} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max}.`;
      if (issue.origin === 'date') return 'Choose an earlier date.';
      return issue.inclusive === false ? `Enter a number below ${max}.` : `Enter a number no more than ${max}.`;
    }
    case 'too_small': {
      const min = amount(issue.minimum);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'This field is required.' : `Use at least ${min} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return Number(issue.minimum) <= 1 ? 'Choose at least one.' : `Choose at least ${min}.`;
      if (issue.origin === 'date') return 'Choose a later date.';
      if (Number(issue.minimum) === 0) return issue.inclusive === false ? 'Enter a number above 0.' : 'Enter a number that is not negative.';
      return issue.inclusive === false ? `Enter a number above ${min}.` : `Enter a number of at least ${min}.`;
    }
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'This field is required.';
      if (issue.expected === 'int') return 'Enter a whole number.';
      if (issue.expected === 'number') return 'Enter a number.';
      if (issue.expected === 'boolean') return 'Choose yes or no.';
      return 'This value is not valid.';
    case 'invalid_value':
      return 'Choose one of the options.';
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      if (issue.format === 'url') return 'Enter a valid web address.';
      return 'This value is not in the right format.';
    case 'not_multiple_of':
      return issue.divisor === 1 ? 'Enter a whole number.' : 'This number is not allowed.';
    case 'unrecognized_keys':
      return 'Something was sent that is not expected.';
    default:
      return 'This value is not valid.';
  }
}

/** Makes every schema's unnamed checks speak plainly; call once where the process or page starts. */
export function installPlainErrors(): void {
  z.config({ customError: (issue) => plainMessage(issue) });
}
