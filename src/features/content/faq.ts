export interface FaqItem {
  id: string;
  question: string;
  answer: string[];
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

export const faqGroups: FaqGroup[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    items: [
      {
        id: 'what-is-moa',
        question: 'What is Moa?',
        answer: [
          'Moa is a marketplace where you can buy tokens that represent a share in real assets from Korean culture and food: music catalogues, drama and film rights, restaurants and food brands, hanwoo cattle herds and craft workshops.',
          'Each token gives you a share of what its project earns, and a vote on decisions that matter to holders.',
        ],
      },
      {
        id: 'how-to-sign-in',
        question: 'How do I sign in?',
        answer: [
          'Sign in with your Google account, or with a one-time code we email to you. There is no password to remember.',
        ],
      },
      {
        id: 'two-step-sign-in',
        question: 'Why do I need two-step sign-in?',
        answer: [
          'Your account holds investments, so a stolen email alone must not be enough to open it. After your first sign-in you add an authenticator app (such as Google Authenticator or 1Password); each sign-in then asks for its six-digit code.',
          'Keep the recovery codes we show you somewhere safe. They are the way back in if you lose your phone.',
        ],
      },
      {
        id: 'minimum-amount',
        question: 'How much do I need to start?',
        answer: [
          'Each project sets its own minimum, often the price of a single token, which can be a few dollars. The project page shows the minimum and maximum you may invest.',
        ],
      },
    ],
  },
  {
    id: 'identity',
    title: 'Identity checks (KYC)',
    items: [
      {
        id: 'why-kyc',
        question: 'Why do you check my identity?',
        answer: [
          'Tokens on Moa are securities. The law requires us to know who every investor is, to prevent fraud and money laundering. You verify once; it covers every project.',
        ],
      },
      {
        id: 'kyc-documents',
        question: 'What do I need for the identity check?',
        answer: [
          'Your legal name, date of birth, country of residence and a clear photo of a passport, national identity card or driving licence. Our team reviews it, usually within one working day.',
        ],
      },
      {
        id: 'kyc-rejected',
        question: 'My identity check was rejected. What now?',
        answer: [
          'The result page says why. Most rejections are blurred photos or a name that does not match the document. You can submit again; if you think we made a mistake, write to us from the contact page.',
        ],
      },
      {
        id: 'accredited-investor',
        question: 'What is investor verification, and do I need it?',
        answer: [
          'Some projects (marked Reg D) are open only to accredited investors, people whose income or assets meet a legal threshold. For those you confirm your status and send evidence, which our team reviews. Other projects do not need it.',
        ],
      },
    ],
  },
  {
    id: 'investing',
    title: 'Investing and payments',
    items: [
      {
        id: 'how-to-invest',
        question: 'How do I invest in a project?',
        answer: [
          'Open the project, choose how many tokens you want, and sign the project contract. Your tokens are reserved and you see the payment details. Once our team confirms your payment, the tokens appear in your account.',
        ],
      },
      {
        id: 'payment-methods',
        question: 'How can I pay?',
        answer: [
          'By bank transfer or in crypto, to the account or address shown for that project. Include the reference we give you so we can match your payment quickly.',
        ],
      },
      {
        id: 'payment-deadline',
        question: 'What happens if I do not pay in time?',
        answer: [
          'An unpaid reservation lapses at its deadline and the tokens return to sale. Nothing is charged. You can invest again while the sale is open.',
        ],
      },
      {
        id: 'sold-out',
        question: 'Can a project sell more tokens than it has?',
        answer: [
          'No. Tokens are reserved the moment you confirm, so two people can never buy the same token, and the sale closes when the last one is reserved.',
        ],
      },
    ],
  },
  {
    id: 'holding',
    title: 'Holding and distributions',
    items: [
      {
        id: 'how-am-i-paid',
        question: 'How and when am I paid?',
        answer: [
          'When a project earns income it can distribute (royalty statements, restaurant revenue, auction proceeds) it is paid to holders in proportion to their tokens, with the statement it came from. Each project page says how often this usually happens.',
        ],
      },
      {
        id: 'where-are-assets',
        question: 'Who holds the actual assets?',
        answer: [
          "Each project's assets sit in a separate legal vehicle, with documents held by an independent custodian. They are never mixed with Moa's own money. The How Moa works page explains custody in detail.",
        ],
      },
      {
        id: 'sell-tokens',
        question: 'Can I sell my tokens?',
        answer: [
          'Only to other verified Moa users, and only where the project contract allows. Some projects have a holding period. Plan to hold a token for the life of its project.',
        ],
      },
    ],
  },
  {
    id: 'gifts',
    title: 'Gifts and badges',
    items: [
      {
        id: 'what-are-gifts',
        question: 'What are holder gifts?',
        answer: [
          'Many projects thank their holders with gifts: a meal at the restaurant you backed, a signed album, a small onggi jar. Each gift unlocks when you hold at least a set number of tokens; you are offered the best one you qualify for, and can claim it once.',
        ],
      },
      {
        id: 'community-badges',
        question: 'What are community badges?',
        answer: [
          'Badges show other holders how committed you are to a project, by tiers of tokens held. You can hide your badge in your account settings.',
        ],
      },
    ],
  },
  {
    id: 'governance',
    title: 'Voting and governance',
    items: [
      {
        id: 'what-can-i-vote-on',
        question: 'What can holders vote on?',
        answer: [
          'Decisions that affect holders, such as selling an asset early, renewing a licence, or changing how income is used. Any holder can open a proposal; formal agendas are opened by the project or by Moa.',
        ],
      },
      {
        id: 'vote-weight',
        question: 'How much does my vote count?',
        answer: [
          'Your vote is weighted by the tokens you held when the vote opened. Buying or selling tokens during the vote does not change it. Each holder casts one ballot per vote.',
        ],
      },
    ],
  },
  {
    id: 'safety',
    title: 'Safety and risk',
    items: [
      {
        id: 'risks',
        question: 'What are the risks?',
        answer: [
          'You can lose some or all of what you invest, tokens can be hard to sell, and income is never guaranteed. Every project page lists its own risks, and the Disclaimers page lists those that apply to all of them.',
        ],
      },
      {
        id: 'scam-messages',
        question: 'Someone asked for my sign-in code. Is that Moa?',
        answer: [
          'No. Moa never asks for your sign-in codes, authenticator codes or recovery codes, by email, phone or chat. Do not share them, and tell us about the message from the contact page.',
        ],
      },
      {
        id: 'offline',
        question: 'Does Moa work offline?',
        answer: [
          'Yes, in part. Once installed, the app opens without a network and shows what you last saw: your portfolio, and every blog post you have read, marked with when it was saved. Investing and voting need a connection.',
        ],
      },
    ],
  },
];
