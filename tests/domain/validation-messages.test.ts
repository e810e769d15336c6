import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { emailSchema, nameSchema, sixDigitCodeSchema } from '../../src/domain/auth';
import { contactMessageInputSchema } from '../../src/domain/contact';
import { proposalRequestSchema, threadRequestSchema, voteRequestSchema } from '../../src/domain/governance';
import { identitySubmissionSchema, investorSubmissionSchema } from '../../src/domain/kyc';
import { notificationListQuerySchema, pushSubscriptionSchema } from '../../src/domain/notifications';
import { createOrderRequestSchema, paymentDeclarationRequestSchema, signRequestSchema } from '../../src/domain/orders';
import {
  bankDetailsRequestSchema,
  giftClaimRequestSchema,
  myRevenuesQuerySchema,
  walletAddressRequestSchema,
} from '../../src/domain/portfolio';
import { postListQuerySchema, urlTitleSchema } from '../../src/domain/posts';
import { productListQuerySchema } from '../../src/domain/products';
import { productIdSchema } from '../../src/domain/schemas';
import { isValidationKey, validationMessages, type ValidationKey } from '../../src/domain/validation-messages';
import { validationMessagesKo } from '../../src/domain/validation-messages.ko';

/** Every message a refused input produces, as the schema gives it. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const refused: Array<[string, z.ZodType, unknown, ValidationKey[]]> = [
  ['an email without @', emailSchema, 'hana.example.com', ['validation.email.invalid']],
  ['an over-long email', emailSchema, `${'a'.repeat(320)}@example.com`, ['validation.email.tooLong']],
  ['a five-digit code', sixDigitCodeSchema, '12345', ['validation.code']],
  ['an empty name', nameSchema, '   ', ['validation.name']],
  ['a name with a direction override', nameSchema, 'Hana\u202e', ['validation.text.characters']],
  [
    'an empty contact form',
    contactMessageInputSchema,
    { name: '', email: 'x', topic: 'gossip', message: 'hi' },
    ['validation.contact.name', 'validation.email.invalid', 'validation.contact.topic', 'validation.contact.message'],
  ],
  [
    'a company identity without its registered name',
    identitySubmissionSchema,
    {
      legalName: 'Kim Hana',
      dateOfBirth: '1850-01-01',
      countryOfResidence: 'kr',
      investorType: 'COMPANY',
      documentType: 'ID_CARD',
      frontFileId: 'not-a-uuid',
      selfieFileId: '00000000-0000-4000-8000-000000000002',
    },
    [
      'validation.dateOfBirth.real',
      'validation.country',
      'validation.upload',
      'validation.entityName',
      'validation.entityNumber',
      'validation.backOfDocument',
    ],
  ],
  [
    'investor evidence without files or certification',
    investorSubmissionSchema,
    { basis: 'INCOME', details: '', evidenceFileIds: [], isSelfCertified: false },
    ['validation.evidenceDetails', 'validation.evidence', 'validation.selfCertified'],
  ],
  [
    'a fractional order',
    createOrderRequestSchema,
    { quantity: 1.5, payMethodId: 0 },
    ['validation.quantity', 'validation.payMethod'],
  ],
  [
    'a signature without consents',
    signRequestSchema,
    {
      orderId: 'x',
      legalName: '',
      contractSha256: 'abc',
      consents: { terms: false, risks: false, electronicSignature: false },
      signature: 'data:image/gif;base64,AAAA',
    },
    [
      'validation.orderId',
      'validation.legalName',
      'validation.contractHash',
      'validation.consent.terms',
      'validation.consent.risks',
      'validation.consent.electronicSignature',
      'validation.signature.png',
    ],
  ],
  [
    'a payment declaration with a short hash',
    paymentDeclarationRequestSchema,
    { orderId: '00000000-0000-4000-8000-000000000000', payerName: '<b>', txHash: '0x12' },
    ['validation.text.characters', 'validation.txHash'],
  ],
  [
    'bank details with letters in the number',
    bankDetailsRequestSchema,
    { bankName: '', holderName: 'Kim Hana', accountNumber: '12-ab-34', code: '1234' },
    ['validation.bankName', 'validation.accountNumber', 'validation.authenticatorCode'],
  ],
  [
    'a wallet on an unknown network',
    walletAddressRequestSchema,
    { label: '', network: 'DOGE', address: '', code: '123456' },
    ['validation.walletLabel', 'validation.walletNetwork', 'validation.walletAddress'],
  ],
  [
    'a gift delivery without an address',
    giftClaimRequestSchema,
    { productId: 0, giftId: 1, delivery: { recipientName: 'Kim', address: '', phone: 'call me' } },
    ['validation.projectId', 'validation.deliveryAddress', 'validation.phone'],
  ],
  ['revenue by the week', myRevenuesQuerySchema, { interval: 'week' }, ['validation.revenue.interval']],
  [
    'a revenue range backwards',
    myRevenuesQuerySchema,
    { from: '2026-02-01', to: '2026-01-01' },
    ['validation.revenue.range'],
  ],
  [
    'a proposal with one option',
    proposalRequestSchema,
    {
      title: '',
      body: 'Build a barn.',
      options: ['Yes'],
      endsAt: 'tomorrow',
      quorumPercent: 101,
      thresholdPercent: 0,
      resultsVisibleBeforeClose: false,
    },
    [
      'validation.governance.title',
      'validation.governance.options',
      'validation.governance.endsAt',
      'validation.governance.quorum',
      'validation.governance.threshold',
    ],
  ],
  [
    'a thread in no section',
    threadRequestSchema,
    { sectionId: 'x', title: 'Hi', body: '' },
    ['validation.sectionId', 'validation.governance.body'],
  ],
  ['a vote for option zero', voteRequestSchema, { choice: 0 }, ['validation.governance.choice']],
  ['a project id of zero', productIdSchema, '0', ['validation.projectId']],
  ['a post address with capitals', urlTitleSchema, 'Hello-World', ['validation.postAddress']],
  [
    'a page of 500 posts',
    postListQuerySchema,
    { limit: '500', nextId: '-1' },
    ['validation.limit.posts', 'validation.nextId'],
  ],
  ['a page of 500 projects', productListQuerySchema, { limit: '500' }, ['validation.limit.products']],
  ['a page of 500 notifications', notificationListQuerySchema, { limit: '500' }, ['validation.limit.notifications']],
  [
    'a push subscription to a file URL',
    pushSubscriptionSchema,
    { endpoint: 'file:///etc/passwd', keys: { p256dh: 'short', auth: 'not base64!' } },
    ['validation.push.endpoint', 'validation.push.key'],
  ],
];

describe('validation messages', () => {
  it.each(refused)('%s is refused with the keys of its fields', (_, schema, input, keys) => {
    const messages = messagesOf(schema, input);
    for (const key of keys) expect(messages).toContain(key);
    for (const message of messages) expect(isValidationKey(message), message).toBe(true);
  });

  it('has every message in Korean, written for Korean readers', () => {
    expect(Object.keys(validationMessagesKo).sort()).toEqual(Object.keys(validationMessages).sort());
    for (const [key, english] of Object.entries(validationMessages)) {
      const korean = validationMessagesKo[key as ValidationKey];
      expect(korean, key).not.toBe(english);
      expect(korean, key).toMatch(/[\uac00-\ud7a3]/);
    }
  });

  it('states the limits the schemas enforce', () => {
    // The number in the message is the one the schema checks (both come from src/domain/limits.ts).
    const longName = 'a'.repeat(61);
    expect(messagesOf(nameSchema, longName)).toEqual(['validation.name']);
    expect(validationMessages['validation.name']).toContain('60');
    expect(validationMessagesKo['validation.name']).toContain('60');
  });

  it('is never written out in a schema: every message of src/domain is a key', () => {
    const dir = path.resolve(__dirname, '../../src/domain');
    const literal = /\b(error|message):\s*['`"]/;
    const offenders: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      if (file.startsWith('validation-messages')) continue;
      readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (literal.test(line) && !line.includes('satisfies ValidationKey')) offenders.push(`${file}:${index + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
