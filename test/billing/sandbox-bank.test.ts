import { describe, expect, it } from 'vitest';
import { createSandboxBankAccountToken, readSandboxToken, SANDBOX_ROUTING_NUMBER, validRoutingNumber } from '../../shared/domain/sandbox-card.js';

/** The browser-side bank tokenizer of the sandbox processor: only the token leaves the browser. */
describe('sandbox bank account token', () => {
  it.each(['110000000', '011000015', '021000021'])('routing number %s passes the ABA checksum', (routing) => {
    expect(validRoutingNumber(routing)).toBe(true);
  });

  it.each(['110000001', '021000022', '12345678', '1100000000', 'abcdefghi'])('routing number %s is refused', (routing) => {
    expect(validRoutingNumber(routing)).toBe(false);
  });

  it('carries the bank name and last 4, never the routing or account number; each token is new', () => {
    const made = createSandboxBankAccountToken({ routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber: '000123456789' });
    if (!('token' in made)) throw new Error(made.error);
    expect(readSandboxToken(made.token)).toMatchObject({ kind: 'bank', bankName: 'Sandbox Test Bank', last4: '6789', onSave: 'succeeded' });
    expect(made.token).not.toMatch(/000123456789|110000000/);
    const again = createSandboxBankAccountToken({ routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber: '000123456789' });
    expect('token' in again && again.token).not.toBe(made.token);
  });

  it('a valid routing number of another bank is named plainly', () => {
    const made = createSandboxBankAccountToken({ routingNumber: '021000021', accountNumber: '1234-5678' });
    expect('token' in made && readSandboxToken(made.token)).toMatchObject({ bankName: 'Bank account', last4: '5678' });
  });

  it('refuses a bad routing number or account number as a processor would, naming the field', () => {
    expect(createSandboxBankAccountToken({ routingNumber: '110000001', accountNumber: '000123456789' })).toEqual({
      error: 'Your routing number is incorrect.',
      field: 'routingNumber',
    });
    expect(createSandboxBankAccountToken({ routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber: '12a' })).toEqual({
      error: 'Your account number is incorrect.',
      field: 'accountNumber',
    });
  });
});
