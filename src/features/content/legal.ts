import type { ContentDocument } from './types';

export const privacyPolicy: ContentDocument = {
  title: 'Privacy policy',
  description: 'What personal data Moa collects, why, how long it is kept, and the rights you have over it.',
  updated: '2026-11-20',
  intro:
    'Moa collects only what the law and your investments require: who you are, how you pay and what you hold. We never sell it. This page explains what we keep, why, for how long, and what you can ask of us.',
  sections: [
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      paragraphs: ['We collect personal data in four situations, and only what each one needs.'],
      list: [
        'When you sign in: your email address, or the name and email your Google account shares with us.',
        'When you verify your identity: your legal name, date of birth, country of residence, and images of an identity document, as securities law requires before anyone invests.',
        'When you invest: the projects you buy, the amounts, your bank or wallet details for payments and distributions, and the contracts you sign.',
        'When you use the app: the device and browser you sign in from, and a record of security events such as sign-ins and changes to two-step sign-in.',
      ],
    },
    {
      id: 'why',
      heading: 'Why we use it',
      paragraphs: [
        'We use your data to run your account, to meet our legal duties (identity checks, anti-money-laundering rules, tax reporting and record keeping), to pay you what your holdings earn, to keep your account secure, and to answer you when you write to us.',
        'We do not use your data for advertising, and we do not build profiles of you for anyone else.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      paragraphs: [
        'We share data only with those who help us deliver the service, each under a contract that limits them to that purpose: the identity-verification provider that checks your documents, the custodian that holds project assets, banks and payment partners that move your money, and the provider that sends our email.',
        'We also share data when a regulator, court or tax authority lawfully requires it. When we can, we tell you first.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      paragraphs: [
        'Identity and transaction records are kept for as long as financial regulations require, usually five years after your account is closed. Security records are kept for one year. Messages you send us are kept for two years. Everything else is deleted when you close your account.',
      ],
    },
    {
      id: 'security',
      heading: 'How we protect it',
      paragraphs: [
        'Data travels encrypted, secrets such as two-step sign-in keys are encrypted at rest, and only the staff who need a record can open it. Every access to identity documents is logged.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: [
        'You can ask for a copy of your data, ask us to correct it, ask us to delete what we are not required to keep, and object to any use you disagree with. Write to us from the contact page; we answer within thirty days.',
        'If you think we have handled your data wrongly, you may also complain to the data-protection authority where you live.',
      ],
    },
    {
      id: 'on-your-device',
      heading: 'What stays on your device',
      paragraphs: [
        'Moa keeps your sign-in token in a secure cookie and saves pages you have opened (such as blog posts and your portfolio) on your device so they work offline. Signing out removes the saved personal pages. We use no advertising or tracking cookies.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'When we change this policy we update the date above, and we tell account holders by email before any change that affects how their data is used.',
      ],
    },
  ],
};

export const termsOfService: ContentDocument = {
  title: 'Terms of service',
  description: 'The agreement between you and Moa when you use the marketplace, invest in projects and hold tokens.',
  updated: '2026-11-20',
  intro:
    'These terms are the agreement between you and Moa when you use the marketplace. Each project also has its own contract, which you sign before investing; where the two differ, the project contract decides.',
  sections: [
    {
      id: 'who-can-use',
      heading: 'Who can use Moa',
      paragraphs: [
        'You must be an adult with full legal capacity. To invest you must also pass our identity check, and for some projects (marked Reg D) prove that you are an accredited investor. We may refuse or close accounts where the law or our risk rules require it.',
      ],
    },
    {
      id: 'your-account',
      heading: 'Your account',
      paragraphs: [
        'You are responsible for keeping your sign-in and two-step codes private. Tell us at once if you think someone else has used your account. One person may hold one account.',
      ],
    },
    {
      id: 'what-a-token-is',
      heading: 'What a token is',
      paragraphs: [
        "A token records your share in one project's legal vehicle and the rights set out in that project's contract: usually a share of its revenue or sale proceeds and a vote on certain decisions. A token is not a share in Moa, and it is not a deposit.",
      ],
    },
    {
      id: 'investing-and-payment',
      heading: 'Investing and payment',
      paragraphs: [
        'When you invest, the tokens are reserved for you and the project contract is signed. You then pay by bank transfer or crypto to the address shown. Tokens are credited when our team confirms your payment. A reservation that is not paid within its deadline lapses and the tokens return to sale.',
        'Each project states a minimum and a maximum investment per person. Prices are shown in the platform currency and include no hidden fees; any fee is stated on the project page before you invest.',
      ],
    },
    {
      id: 'distributions',
      heading: 'Distributions',
      paragraphs: [
        "Whatever a project pays to holders is distributed in proportion to the tokens held on the record date, with the statement it was calculated from. Moa does not guarantee any distribution: they depend on the project's income.",
      ],
    },
    {
      id: 'transfers',
      heading: 'Selling and transferring tokens',
      paragraphs: [
        'Tokens may be transferred only to other verified Moa users and only where the project contract and the law allow. Some projects have a holding period during which no transfer is possible.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Fair use',
      paragraphs: [
        'You agree not to misuse the service: no false identities, no market manipulation, no attempts to break our security, and no abuse of other holders in community discussions. We may suspend accounts that break these rules, keeping read access to holdings.',
      ],
    },
    {
      id: 'liability',
      heading: 'Our responsibility',
      paragraphs: [
        'We run the platform with care, keep project assets with an independent custodian, and report what we know. We are not responsible for losses caused by the normal risks of a project (prices, harvests, audiences), which every project page describes. Nothing in these terms limits rights you have under consumer or securities law.',
      ],
    },
    {
      id: 'changes-and-law',
      heading: 'Changes and governing law',
      paragraphs: [
        'We may update these terms and will give account holders thirty days\u2019 notice of material changes. These terms are governed by the law of the Republic of Korea, without taking away the protection of the law where you live.',
      ],
    },
  ],
};

export const disclaimers: ContentDocument = {
  title: 'Disclaimers',
  description: 'The risks of investing in tokenized real-world assets on Moa, stated plainly.',
  updated: '2026-11-20',
  intro:
    'Investing in private offerings involves risk, including the loss of everything you invest. Please read this page before you buy any token on Moa.',
  sections: [
    {
      id: 'not-advice',
      heading: 'Not investment advice',
      paragraphs: [
        'Nothing on Moa, including the blog, project pages and notices, is a recommendation to buy or sell. We describe projects as accurately as we can; whether one suits you depends on your circumstances. If you are unsure, speak to an independent adviser.',
      ],
    },
    {
      id: 'loss-of-capital',
      heading: 'You can lose money',
      paragraphs: [
        'A project can earn less than planned or fail entirely. A herd can fall ill, a song can fall out of favour, a restaurant can close. Invest only money you can afford to lose, and spread it across projects.',
      ],
    },
    {
      id: 'liquidity',
      heading: 'Tokens are hard to sell',
      paragraphs: [
        'There may be no buyer for your tokens when you want to sell, and some projects forbid transfers for a holding period. Expect to hold a token for the full life of its project.',
      ],
    },
    {
      id: 'past-performance',
      heading: 'Past results and forecasts',
      paragraphs: [
        'Figures about past projects, markets or catalogues do not predict future results. Forecasts in project documents are estimates by the seller, checked by us for reasonableness, not promises.',
      ],
    },
    {
      id: 'regulation',
      heading: 'Regulation',
      paragraphs: [
        'Tokenized securities are regulated differently in each country, and the rules are changing. A change in law could affect whether a token can be transferred, how it is taxed, or how a project is run. Some projects are open only to accredited investors.',
      ],
    },
    {
      id: 'technology',
      heading: 'Technology',
      paragraphs: [
        'Tokens are recorded digitally. Although the legal rights behind a token do not depend on any single system, outages, errors or attacks could delay payments or votes.',
      ],
    },
    {
      id: 'tax',
      heading: 'Tax',
      paragraphs: [
        'Distributions and gains may be taxable where you live. Moa provides yearly statements but cannot advise on your tax position.',
      ],
    },
  ],
};
