import { passesLuhn } from './card-number.js';
/**
 * The local sandbox processor's test cards and tokens, modelled on a real processor's test mode. The browser
 * (and tests) turn card details into a token here, as a processor's script would; only the token reaches our
 * server, and it carries the brand, last 4 and expiry, never the number or CVV.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  /** Declined when saved (the first charge). */
  declined: '4000000000000002',
  /** Processor failure when saved. */
  processingError: '4000000000000119',
  /** Saves fine, every later off-session charge is declined. */
  declineOffSession: '4000000000000341',
  mastercard: '5555555555554444',
  /** Refused when saved: the card has expired (a processor's expired_card). */
  expired: '4000000000000069',
  /** Refused when saved: insufficient funds. */
  insufficientFunds: '4000000000009995',
} as const;

export type SandboxOutcome = 'succeeded' | 'declined' | 'failed' | 'expired' | 'insufficientFunds';

export interface SandboxCard {
  /** A bank account linked through the Plaid sandbox, else a card. */
  kind?: 'card' | 'bank';
  bankName?: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Outcome of saving the card (with its first charge) and of later off-session charges. */
  onSave: SandboxOutcome;
  onCharge: SandboxOutcome;
}

const TOKEN_PREFIX = 'tok_sandbox_';


function brandOf(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Unknown';
}

function outcomesOf(number: string): Pick<SandboxCard, 'onSave' | 'onCharge'> {
  if (number === SANDBOX_CARDS.declined) return { onSave: 'declined', onCharge: 'declined' };
  if (number === SANDBOX_CARDS.processingError) return { onSave: 'failed', onCharge: 'failed' };
  if (number === SANDBOX_CARDS.declineOffSession) return { onSave: 'succeeded', onCharge: 'declined' };
  if (number === SANDBOX_CARDS.expired) return { onSave: 'expired', onCharge: 'expired' };
  if (number === SANDBOX_CARDS.insufficientFunds) return { onSave: 'insufficientFunds', onCharge: 'insufficientFunds' };
  return { onSave: 'succeeded', onCharge: 'succeeded' };
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** Like a processor's createToken: a new, single-use token per call, or the processor's own error. */
export function createSandboxToken(card: { number: string; expMonth: number; expYear: number }):
  | { token: string }
  | { error: string } {
  const number = card.number.replace(/\D/g, '');
  if (number.length < 12 || number.length > 19 || !passesLuhn(number)) return { error: 'Your card number is incorrect.' };
  const payload: SandboxCard = {
    brand: brandOf(number),
    last4: number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    ...outcomesOf(number),
  };
  return { token: `${TOKEN_PREFIX}${base64url(JSON.stringify(payload))}.${nonce()}` };
}

/** The sandbox's test routing number (a valid ABA number); its bank is named as a processor would name it. */
export const SANDBOX_ROUTING_NUMBER = '110000000';
const SANDBOX_BANK_NAMES: Record<string, string> = { [SANDBOX_ROUTING_NUMBER]: 'Sandbox Test Bank' };

/** ABA routing numbers carry a checksum: 3, 7, 1 weights over the nine digits sum to a multiple of 10. */
export function validRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1];
  const sum = [...routing].reduce((total, d, i) => total + Number(d) * (weights[i % 3] ?? 0), 0);
  return sum % 10 === 0;
}

/**
 * Like a processor's bank account token (typed-in ACH details): the routing and account numbers stay in the
 * browser; the token carries the bank's name and the account's last 4, or the processor's own error.
 */
export function createSandboxBankAccountToken(bank: { routingNumber: string; accountNumber: string }):
  | { token: string }
  | { error: string; field: 'routingNumber' | 'accountNumber' } {
  const routing = bank.routingNumber.trim();
  const account = bank.accountNumber.replace(/[\s-]/g, '');
  if (!validRoutingNumber(routing)) return { error: 'Your routing number is incorrect.', field: 'routingNumber' };
  // US account numbers run from 4 to 17 digits.
  if (!/^\d{4,17}$/.test(account)) return { error: 'Your account number is incorrect.', field: 'accountNumber' };
  return { token: createSandboxBankToken({ bankName: SANDBOX_BANK_NAMES[routing] ?? 'Bank account', last4: account.slice(-4) }) };
}

/** Like Plaid's processor token for a linked account: a single-use token for a bank that pays. */
export function createSandboxBankToken(bank: { bankName: string; last4: string }): string {
  const payload: SandboxCard = { kind: 'bank', bankName: bank.bankName, brand: 'Bank', last4: bank.last4, expMonth: 0, expYear: 0, onSave: 'succeeded', onCharge: 'succeeded' };
  return `${TOKEN_PREFIX}${base64url(JSON.stringify(payload))}.${nonce()}`;
}

function nonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The card a token stands for, or undefined for anything that is not a sandbox token. */
export function readSandboxToken(token: string): SandboxCard | undefined {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  const [payload] = token.slice(TOKEN_PREFIX.length).split('.');
  try {
    const card = JSON.parse(fromBase64url(payload ?? '')) as SandboxCard;
    if (typeof card.last4 !== 'string' || !/^\d{4}$/.test(card.last4)) return undefined;
    return card;
  } catch {
    return undefined;
  }
}
