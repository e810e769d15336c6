import type { DocumentType, InvestorBasis } from '../../domain/kyc';

/** The identity and investor pages' words, kept together so they read as one voice. */
export const kycTexts = {
  eyebrow: 'Identity check',
  identityTitle: 'Verify your identity',
  identityIntro:
    'Before you invest, the law asks us to confirm who you are. It takes about five minutes: your details, a photo of an identity document and a selfie.',
  signInFirst: 'Sign in and set up two-step sign-in first; then your identity check starts here.',
  signIn: 'Sign in',
  resultTitle: 'Your identity check',
  investorEyebrow: 'Investor verification',
  investorTitle: 'Verify your investor status',
  investorIntro:
    'Some offerings (those under Regulation D) are open to accredited investors only. Tell us on what basis you qualify and add evidence; our team reviews it, usually within two business days.',
  investorResultTitle: 'Your investor verification',
  documentTypes: {
    PASSPORT: 'Passport',
    ID_CARD: 'National identity card',
    DRIVERS_LICENSE: 'Driving licence',
    RESIDENCE_PERMIT: 'Residence permit',
  } satisfies Record<DocumentType, string>,
  bases: {
    INCOME: {
      label: 'Income',
      hint: 'Income over $200,000 (or $300,000 with a spouse or partner) in each of the last two years, expected again this year.',
    },
    NET_WORTH: {
      label: 'Net worth',
      hint: 'Net worth over $1 million, alone or with a spouse or partner, not counting your main home.',
    },
    PROFESSIONAL: {
      label: 'Professional credential',
      hint: 'You hold a Series 7, 65 or 82 licence in good standing.',
    },
    ENTITY_ASSETS: {
      label: 'Entity assets',
      hint: 'You invest for an entity with more than $5 million in assets, or whose owners are all accredited.',
    },
  } satisfies Record<InvestorBasis, { label: string; hint: string }>,
} as const;
