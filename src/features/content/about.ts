// @unocss-include: icon classes in this content are generated like those written in components.
import type { AboutProduct } from '../../domain/about';
import type { ContentDocument } from './types';

export interface AboutStory extends ContentDocument {
  /** Name in the list of other stories. */
  short: string;
  icon: string;
}

export const aboutStories: Record<AboutProduct, AboutStory> = {
  moa: {
    title: 'About Moa',
    short: 'Moa',
    icon: 'i-lucide-sparkles',
    description: 'Why Moa exists, who it is for, and how it chooses what it offers.',
    intro:
      'Moa (모아) means "gather" in Korean. We gather people who love Korean culture around the things that make it: the songs, the stories, the kitchens, the farms and the workshops, and let them own a share of them.',
    sections: [
      {
        id: 'why',
        heading: 'Why we built it',
        paragraphs: [
          'Korean music, drama and food have found fans in every country, yet the people who love them have had no way to share in their success, while the makers behind them often struggle to raise money on fair terms. Tokenized real-world assets let both sides meet: a small share of a real asset, recorded as a token, bought from a few dollars.',
        ],
      },
      {
        id: 'how-we-choose',
        heading: 'How we choose projects',
        paragraphs: ['Fewer than one in ten applications becomes a project on Moa. Each one must show us:'],
        list: [
          'a real asset with clear legal ownership: a catalogue, a licence, a lease, a herd, a workshop;',
          'income we can verify from independent records, not only from the seller;',
          'a seller willing to report to holders every month and to answer them in public;',
          'risks we can describe plainly on the project page.',
        ],
      },
      {
        id: 'who',
        heading: 'Who we are',
        paragraphs: [
          'A small team in Seoul of people from music publishing, restaurants, agriculture finance and software. We answer every message ourselves.',
        ],
      },
    ],
  },
  'k-pop-royalties': {
    title: 'K-pop music royalties',
    short: 'Music royalties',
    icon: 'i-lucide-music-4',
    description: 'How a share of a K-pop catalogue earns from streams, broadcasts and licences.',
    intro:
      'A music royalty project gives holders a share of what a catalogue of songs earns every time it is streamed, broadcast, covered or placed in a drama.',
    sections: [
      {
        id: 'what-you-own',
        heading: 'What you own',
        paragraphs: [
          'A share of the royalty income of a defined set of recordings or compositions, for a defined period, held in the project\u2019s own vehicle. The project page lists every song included.',
        ],
      },
      {
        id: 'income',
        heading: 'Where the income comes from',
        paragraphs: [
          'Streaming services, broadcasters, collecting societies and licensing deals. Statements arrive months after the plays, so distributions follow a quarterly or half-yearly rhythm.',
        ],
      },
      {
        id: 'risks',
        heading: 'What to watch',
        paragraphs: [
          'A catalogue tied to one group rises and falls with its popularity, and streaming rates change. Older, proven catalogues earn more steadily than new releases.',
        ],
      },
    ],
  },
  'drama-and-film': {
    title: 'K-drama and film IP',
    short: 'Drama and film',
    icon: 'i-lucide-clapperboard',
    description: 'How drama and film rights keep earning through licences, remakes and soundtracks.',
    intro:
      'A drama or film project gives holders a share of what a series or film earns after its first run: licences in new countries, remakes, soundtracks and merchandise.',
    sections: [
      {
        id: 'what-you-own',
        heading: 'What you own',
        paragraphs: [
          'A share of specified rights (territories, windows and years) held by the project vehicle, sold by a named sales agent.',
        ],
      },
      {
        id: 'income',
        heading: 'How it earns',
        paragraphs: [
          'Each licence or remake deal pays a fee, sometimes in instalments. Income is uneven: a large deal can arrive in one quarter and nothing in the next.',
        ],
      },
      {
        id: 'risks',
        heading: 'What to watch',
        paragraphs: [
          'Rights expire, tastes change and deals depend on the sales agent. Read which rights are included and for how long.',
        ],
      },
    ],
  },
  'k-food': {
    title: 'Restaurants and K-food brands',
    short: 'Restaurants and K-food',
    icon: 'i-lucide-soup',
    description: 'Backing Korean kitchens and food brands for a share of their revenue.',
    intro:
      'Restaurant and food brand projects fund a specific step (an opening, a new branch, a certified kitchen, a first export order) and share revenue with holders.',
    sections: [
      {
        id: 'what-you-own',
        heading: 'What you own',
        paragraphs: [
          'A right to a fixed percentage of monthly revenue for a set number of years, verified against card-terminal and retailer reports.',
        ],
      },
      {
        id: 'income',
        heading: 'How it earns',
        paragraphs: [
          'Monthly revenue, shared monthly or quarterly. Holders often receive a gift too: a meal, a hamper, a jar of the sauce they helped scale.',
        ],
      },
      {
        id: 'risks',
        heading: 'What to watch',
        paragraphs: [
          'Restaurants are fragile: rent, staff and ingredient prices can squeeze them, and some close. Food brands depend on retailers and on harvests.',
        ],
      },
    ],
  },
  hanwoo: {
    title: 'Hanwoo herds',
    short: 'Hanwoo herds',
    icon: 'i-lucide-beef',
    description: 'A share of Korean beef cattle, raised by partner farms and sold at graded auction.',
    intro:
      'A hanwoo project funds a group of Korean native cattle, raised under contract by a partner farm for about thirty months and sold at a graded auction.',
    sections: [
      {
        id: 'what-you-own',
        heading: 'What you own',
        paragraphs: [
          'A share of the herd, which the project vehicle owns outright and insures against death and disease.',
        ],
      },
      {
        id: 'income',
        heading: 'How it earns',
        paragraphs: [
          'Once, at the end: auction proceeds after feed, care and the farm\u2019s share are paid. Monthly weigh-ins and vet reports are published in the project notices.',
        ],
      },
      {
        id: 'risks',
        heading: 'What to watch',
        paragraphs: [
          'Beef prices move with supply, grades vary, and disease outbreaks can close auctions. The money is tied up for the whole cycle.',
        ],
      },
    ],
  },
  craft: {
    title: 'Craft and culture',
    short: 'Craft and culture',
    icon: 'i-lucide-palette',
    description: 'Keeping Korean craft workshops alive, and sharing in what they sell.',
    intro:
      'Craft projects back workshops that keep Korean traditions alive (onggi potters, hanji paper makers, lacquer and textile houses) and share their sales with holders.',
    sections: [
      {
        id: 'what-you-own',
        heading: 'What you own',
        paragraphs: ['A share of the workshop\u2019s revenue from sales, collaborations and classes for a set period.'],
      },
      {
        id: 'income',
        heading: 'How it earns',
        paragraphs: [
          'Sales through the workshop, stores and export partners, plus classes and visits. Growth is slow and seasonal.',
        ],
      },
      {
        id: 'risks',
        heading: 'What to watch',
        paragraphs: [
          'Small volumes, dependence on a few masters, and kilns or materials that fail. Returns are modest; most holders choose craft for what it keeps alive.',
        ],
      },
    ],
  },
};

export const infrastructure: ContentDocument = {
  title: 'How Moa works',
  description:
    'Custody of the underlying assets, how tokens are issued and recorded, identity checks, payments and governance on Moa.',
  intro:
    'Behind every token on Moa is a real asset, a legal structure that protects holders, and a set of checks that run before a single dollar moves. This is how those pieces fit together.',
  sections: [
    {
      id: 'custody',
      heading: 'Custody: where the assets are',
      paragraphs: [
        'Each project has its own legal vehicle that owns the asset (the catalogue, the rights, the revenue agreement, the herd). Its contracts, titles and insurance policies are held by an independent custodian. Project assets are never mixed with Moa\u2019s own money or with each other, so holders\u2019 claims do not depend on Moa staying in business.',
      ],
    },
    {
      id: 'tokens',
      heading: 'Tokens: how ownership is recorded',
      paragraphs: [
        'A project issues a fixed number of tokens, each an equal share of the holders\u2019 rights in its vehicle. Moa keeps the register of who holds what, reconciles it with the custodian, and records every change (purchase, transfer, distribution) in a ledger that is never edited in place.',
      ],
      list: [
        'The number of tokens is fixed before the sale opens and shown on the project page.',
        'Tokens are reserved atomically when you invest, so a project can never be oversold.',
        'Transfers are possible only between verified users, where the project contract allows.',
      ],
    },
    {
      id: 'kyc',
      heading: 'Identity checks (KYC)',
      paragraphs: [
        'Every investor is identified before investing, as securities and anti-money-laundering law require: legal name, date of birth, country and an identity document, reviewed by our team or our verification partner. Projects for accredited investors add an investor-status review. The checks are enforced by our servers, not only by the app.',
      ],
    },
    {
      id: 'payments',
      heading: 'Payments',
      paragraphs: [
        'You pay by bank transfer or crypto to the account or address shown for the project, with your reference. Our team matches each payment before crediting tokens; unpaid reservations lapse and return to sale. Distributions are paid to your registered bank account or wallet, each with the statement it was calculated from.',
      ],
    },
    {
      id: 'governance',
      heading: 'Governance',
      paragraphs: [
        'Holders decide what the contract leaves to them. Any holder may open a proposal; the project or Moa opens formal agendas. Votes are weighted by holdings at the moment a vote opens, one ballot per holder, and results are computed by our servers and published to every holder with the turnout.',
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      paragraphs: [
        'Accounts are protected by two-step sign-in, sessions can be revoked at any time, sensitive secrets are encrypted at rest, and every security-relevant change is written together with its audit record.',
      ],
    },
  ],
};
