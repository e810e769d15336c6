import { createHash } from 'node:crypto';
import { minorUnitDigits, toMajorUnits } from '../../../src/domain/money';
import type { ContractConsentKey } from '../../../src/domain/orders';

/**
 * The contract text of an order, built only from stored facts (no clock), so the text the
 * investor read and the text they sign are byte for byte the same and share one SHA-256.
 */
export const CONTRACT_TEMPLATE_VERSION = 'moa-token-purchase/1';
export const CONTRACT_TITLE = 'Token Purchase Agreement';

export const contractConsents: Array<{ key: ContractConsentKey; text: string }> = [
  { key: 'terms', text: 'I have read this agreement and the project documents listed in it, and I agree to them.' },
  {
    key: 'risks',
    text: 'I understand that I may lose all of the money I invest and that tokens may be hard to sell.',
  },
  {
    key: 'electronicSignature',
    text: 'I sign this agreement electronically; my typed legal name has the effect of my handwritten signature.',
  },
];

export interface ContractFacts {
  reference: string;
  issuer: { legalName: string; address: string | null };
  investor: { legalName: string; email: string | null; investorType: 'INDIVIDUAL' | 'COMPANY' };
  project: { id: number; name: string; regulation: string; riskDisclaimer: string };
  token: { name: string; contractAddress: string | null };
  quantity: number;
  pricePerToken: number;
  amount: number;
  currency: string;
  payMethod: string;
  expiresAt: string;
  documents: Array<{ id: number; name: string; version: number; sha256: string | null }>;
}

/**
 * Minor units as a grouped decimal amount with the currency code, for contract and mail text
 * (the domain's digits): 1234567 USD → "12,345.67 USD", 1234567 KRW → "1,234,567 KRW".
 */
export function formatMoney(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const value = toMajorUnits(minor, currency);
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}

export function contractText(facts: ContractFacts): string {
  const money = (minor: number) => formatMoney(minor, facts.currency);
  const investorKind = facts.investor.investorType === 'COMPANY' ? 'an entity' : 'an individual';
  const lines = [
    `Reference: ${facts.reference}`,
    `Template: ${CONTRACT_TEMPLATE_VERSION}`,
    '',
    '1. Parties',
    `Issuer: ${facts.issuer.legalName}${facts.issuer.address ? `, ${facts.issuer.address}` : ''} (the "Issuer").`,
    `Investor: ${facts.investor.legalName}, ${investorKind}${facts.investor.email ? `, ${facts.investor.email}` : ''} (the "Investor").`,
    'The platform Moa arranges the sale and keeps the register of holdings on the Issuer’s behalf.',
    '',
    '2. What the Investor buys',
    `Project: ${facts.project.name} (project ${facts.project.id}).`,
    `Token: ${facts.token.name}${facts.token.contractAddress ? ` at ${facts.token.contractAddress}` : ' (issued when the sale closes)'}.`,
    `Quantity: ${facts.quantity} tokens at ${money(facts.pricePerToken)} each.`,
    `Total price: ${money(facts.amount)}.`,
    '',
    '3. Payment',
    `The Investor pays the total price by ${facts.payMethod}, quoting the reference ${facts.reference}, before ${facts.expiresAt} (UTC).`,
    'The tokens are reserved for the Investor until then. Unpaid, the order expires and the tokens return to sale.',
    'The tokens are credited to the Investor’s holdings once the payment is confirmed. A payment that cannot be matched is returned.',
    '',
    '4. Offering documents',
    'The Investor received the following documents; their SHA-256 values identify the exact versions:',
    ...facts.documents.map(
      (document) => `- ${document.name}, version ${document.version}: ${document.sha256 ?? 'hash not available'}`,
    ),
    '',
    '5. Risks',
    facts.project.riskDisclaimer,
    '',
    '6. Regulation',
    `The tokens are offered under ${facts.project.regulation}. They may be transferred only as that regulation and the token terms allow.`,
    '',
    '7. Rights of the token holder',
    'Each token gives the rights set out in the token terms: a share of the distributions of the project, gifts and badges by holding, and a vote in its governance in proportion to the holding.',
    '',
    '8. Signature and records',
    'The Investor signs electronically. The platform keeps this agreement, the signature certificate and the order’s events, and gives the Investor a copy.',
  ];
  return lines.join('\n');
}

export const sha256Hex = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

/** Names compare after Unicode normalisation, trimming, collapsing spaces and ignoring case. */
export function sameLegalName(a: string, b: string): boolean {
  const normal = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
  return normal(a) === normal(b);
}
