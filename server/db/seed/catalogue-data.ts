/**
 * The demo catalogue: twelve projects across Moa's themes, every sale status among them.
 * Dates are days from the moment of seeding, so a fresh install always shows live sales.
 * Amounts are in cents (minor units of the default USD).
 */

export type Theme = 'music' | 'drama' | 'food' | 'hanwoo' | 'craft';

export interface DemoProject {
  slug: string;
  category: 'K-pop & music' | 'Drama & film' | 'Food & restaurants' | 'Hanwoo herds' | 'Craft & culture';
  theme: Theme;
  palette: [string, string, string];
  /** A different illustration within the theme. */
  art?: 'bottle' | 'orchard';
  name: string;
  tokenName: string;
  legalName: string;
  description: string;
  pricePerToken: number;
  totalQuantity: number;
  soldQuantity: number;
  targetCap: number | null;
  softCap: number | null;
  userMinInvestment: number;
  userMaxInvestment: number | null;
  startsInDays: number | null;
  endsInDays: number | null;
  isRegD?: boolean;
  isRestricted?: boolean;
  isFeatured?: boolean;
  isGovernance?: boolean;
  /** Investors who joined in the last fortnight, out of all investors. */
  investors: number;
  recentInvestors: number;
  founded: number;
  employees: number;
  form: string;
  address: string;
  website: string;
  team: Array<{ name: string; role: string; description: string }>;
  gifts: Array<{ title: string; description: string; isDigital: boolean; limitQuantity: number }>;
  faqs: Array<{ title: string; description: string }>;
  highlights: { title: string; content: string };
}

export const demoProjects: DemoProject[] = [
  {
    slug: 'seoul-midnight-catalogue',
    category: 'K-pop & music',
    theme: 'music',
    palette: ['#2b1f5c', '#f14c3a', '#ffd37a'],
    name: 'Seoul Midnight: Catalogue Royalties',
    tokenName: 'SMNT',
    legalName: 'Midnight Sound Rights Co., Ltd.',
    description:
      'A share of the streaming, broadcast and sync royalties of Seoul Midnight’s first three albums: 38 tracks, including the 2023 summer single that spent eleven weeks on the domestic charts.',
    pricePerToken: 2500,
    totalQuantity: 40000,
    soldQuantity: 23800,
    targetCap: 100_000_000,
    softCap: 30_000_000,
    userMinInvestment: 5000,
    userMaxInvestment: 2_500_000,
    startsInDays: -20,
    endsInDays: 41,
    isFeatured: true,
    isGovernance: true,
    investors: 18,
    recentInvestors: 7,
    founded: 2019,
    employees: 14,
    form: 'Korean stock company (주식회사)',
    address: '42 Wausan-ro, Mapo-gu, Seoul',
    website: 'https://midnight-sound.example',
    team: [
      {
        name: 'Han Ji-woo',
        role: 'Head of catalogue',
        description: 'Ten years licensing Korean masters to streaming services and broadcasters in Asia and Europe.',
      },
      {
        name: 'Park Min-seo',
        role: 'Royalty accountant',
        description: 'Reconciles collecting-society statements every quarter and publishes them to holders.',
      },
    ],
    gifts: [
      {
        title: 'Signed lyric card',
        description: 'A lyric card from the summer single, signed by the members.',
        isDigital: false,
        limitQuantity: 40,
      },
      {
        title: 'Listening-session invitation',
        description: 'Two seats at the private listening session for the fourth album.',
        isDigital: false,
        limitQuantity: 400,
      },
    ],
    faqs: [
      {
        title: 'Which royalties are included?',
        description:
          'Master-recording royalties from streaming, radio and TV broadcast, and sync licences for the 38 tracks listed in the offering memorandum. Publishing royalties stay with the songwriters.',
      },
      {
        title: 'How often are royalties paid?',
        description: 'Quarterly, about 45 days after the quarter ends, once the collecting societies have reported.',
      },
    ],
    highlights: {
      title: 'Why this catalogue',
      content:
        'Two of the three albums are more than four years old and still earn steadily: catalogue income is less tied to a comeback than new releases are.',
    },
  },
  {
    slug: 'han-river-sessions',
    category: 'K-pop & music',
    theme: 'music',
    palette: ['#0f3b57', '#3fc1c9', '#fce38a'],
    name: 'Han River Sessions: Drama OST Collection',
    tokenName: 'HRSN',
    legalName: 'Riverside Records Inc.',
    description:
      'Royalties from 22 original soundtrack songs written for weekend dramas between 2020 and 2024, performed by indie vocalists and re-licensed to streaming playlists worldwide.',
    pricePerToken: 1000,
    totalQuantity: 30000,
    soldQuantity: 26100,
    targetCap: 30_000_000,
    softCap: 10_000_000,
    userMinInvestment: 2000,
    userMaxInvestment: 1_000_000,
    startsInDays: -35,
    endsInDays: 4,
    investors: 15,
    recentInvestors: 4,
    founded: 2017,
    employees: 9,
    form: 'Korean stock company (주식회사)',
    address: '17 Yeouidong-ro, Yeongdeungpo-gu, Seoul',
    website: 'https://riverside-records.example',
    team: [
      {
        name: 'Lee Seo-yeon',
        role: 'Founder and producer',
        description: 'Produced soundtracks for eleven broadcast dramas; her songs have passed 300 million streams.',
      },
      {
        name: 'Choi Dong-hyun',
        role: 'Licensing lead',
        description: 'Places Korean songs on international playlists and in advertising.',
      },
    ],
    gifts: [
      {
        title: 'Soundtrack vinyl',
        description: 'The limited pressing of the collection on 180 g vinyl.',
        isDigital: false,
        limitQuantity: 100,
      },
      {
        title: 'Lossless download',
        description: 'Every song of the collection in lossless quality.',
        isDigital: true,
        limitQuantity: 10,
      },
    ],
    faqs: [
      {
        title: 'What happens when the sale closes?',
        description:
          'Tokens that are not sold by the deadline are withdrawn; holders keep their share of the songs sold.',
      },
      {
        title: 'Are the songs exclusive to this offering?',
        description:
          'Yes: the master rights of the 22 songs are held by a special-purpose company whose only owners are token holders and the label.',
      },
    ],
    highlights: {
      title: 'Soundtracks outlive their dramas',
      content: 'A drama airs for eight weeks; its songs play on for years in cafés, covers and re-runs abroad.',
    },
  },
  {
    slug: 'moonlit-palace-series',
    category: 'Drama & film',
    theme: 'drama',
    palette: ['#1d1a3a', '#b38bfa', '#f5d0a9'],
    name: 'Moonlit Palace: Series IP',
    tokenName: 'MOON',
    legalName: 'Dalbit Pictures Co., Ltd.',
    description:
      'A share of the worldwide licensing income of a 16-episode historical romance set in the Joseon court, from streaming rights to remakes and merchandise, for ten years from its premiere.',
    pricePerToken: 10000,
    totalQuantity: 20000,
    soldQuantity: 9400,
    targetCap: 200_000_000,
    softCap: 80_000_000,
    userMinInvestment: 50000,
    userMaxInvestment: 10_000_000,
    startsInDays: -12,
    endsInDays: 58,
    isRegD: true,
    isFeatured: true,
    isGovernance: true,
    investors: 11,
    recentInvestors: 5,
    founded: 2015,
    employees: 32,
    form: 'Korean stock company (주식회사)',
    address: '88 Sangamsan-ro, Mapo-gu, Seoul',
    website: 'https://dalbit-pictures.example',
    team: [
      {
        name: 'Kang Hye-jin',
        role: 'Executive producer',
        description: 'Produced four historical dramas sold to more than 60 territories.',
      },
      {
        name: 'Jung Woo-sung',
        role: 'Rights manager',
        description: 'Negotiates format and remake rights with studios in Asia and the Americas.',
      },
      {
        name: 'Yoon Ha-neul',
        role: 'Finance director',
        description: 'Reports licence income to holders each half year with the auditor’s statement.',
      },
    ],
    gifts: [
      {
        title: 'Set-visit day',
        description: 'A guided day on the palace set in Mungyeong during filming of the second season.',
        isDigital: false,
        limitQuantity: 500,
      },
      {
        title: 'Script book',
        description: 'The bound scripts of episodes 1 and 16, signed by the writer.',
        isDigital: false,
        limitQuantity: 50,
      },
    ],
    faqs: [
      {
        title: 'Why is this offering for accredited investors only?',
        description:
          'It is offered under Regulation D, Rule 506(c) to U.S. persons, which requires every investor to be verified as accredited.',
      },
      {
        title: 'What if the series is not renewed?',
        description:
          'Licensing income of the first season is not affected; a second season would add income, not replace it.',
      },
    ],
    highlights: {
      title: 'Already pre-sold',
      content:
        'Streaming rights for four Asian markets were sold before filming ended, covering 38 % of the production budget.',
    },
  },
  {
    slug: 'busan-noir-film',
    category: 'Drama & film',
    theme: 'drama',
    palette: ['#101820', '#fee715', '#5a6b7b'],
    name: 'Busan Noir: Feature Film',
    tokenName: 'BNOR',
    legalName: 'Harbour Light Films LLC',
    description:
      'Film rights to a crime thriller shot in Busan’s port district, with its theatrical, streaming and remake income shared with holders for twelve years after release.',
    pricePerToken: 5000,
    totalQuantity: 24000,
    soldQuantity: 0,
    targetCap: 120_000_000,
    softCap: 40_000_000,
    userMinInvestment: 10000,
    userMaxInvestment: 5_000_000,
    startsInDays: 9,
    endsInDays: 75,
    investors: 0,
    recentInvestors: 0,
    founded: 2021,
    employees: 7,
    form: 'Limited liability company',
    address: '5 Haeundaehaebyeon-ro, Haeundae-gu, Busan',
    website: 'https://harbour-light.example',
    team: [
      {
        name: 'Oh Jae-min',
        role: 'Director',
        description: 'His debut feature won the audience award at the Busan International Film Festival.',
      },
      {
        name: 'Seo Ye-ji',
        role: 'Producer',
        description: 'Has brought six independent features to theatrical release.',
      },
    ],
    gifts: [
      {
        title: 'Premiere tickets',
        description: 'Two tickets to the Busan premiere and the after-party.',
        isDigital: false,
        limitQuantity: 200,
      },
    ],
    faqs: [
      {
        title: 'When does the sale open?',
        description: 'In nine days. Subscribe to the project to be told the moment it opens.',
      },
      {
        title: 'Is the film finished?',
        description: 'Principal photography is complete; post-production ends in the spring.',
      },
    ],
    highlights: {
      title: 'A port city on screen',
      content:
        'Busan’s film commission covers 20 % of local production costs, which lowers the budget the sale has to raise.',
    },
  },
  {
    slug: 'gangnam-tteokbokki',
    category: 'Food & restaurants',
    theme: 'food',
    palette: ['#7a1212', '#ff6b35', '#ffe8d6'],
    name: 'Gangnam Tteokbokki Co.',
    tokenName: 'TTEOK',
    legalName: 'Sinsa Street Food Co., Ltd.',
    description:
      'Revenue share in a fast-growing tteokbokki chain: four Seoul shops today and a sauce line in 300 convenience stores, raising to open two shops in Los Angeles and New York.',
    pricePerToken: 500,
    totalQuantity: 120000,
    soldQuantity: 71500,
    targetCap: 60_000_000,
    softCap: 20_000_000,
    userMinInvestment: 1000,
    userMaxInvestment: 500_000,
    startsInDays: -25,
    endsInDays: 30,
    isFeatured: true,
    investors: 26,
    recentInvestors: 12,
    founded: 2018,
    employees: 46,
    form: 'Korean stock company (주식회사)',
    address: '31 Garosu-gil, Gangnam-gu, Seoul',
    website: 'https://gangnam-tteokbokki.example',
    team: [
      {
        name: 'Kim Soo-ah',
        role: 'Founder and head chef',
        description: 'Her grandmother’s gochujang recipe is still the base of every sauce.',
      },
      {
        name: 'Baek Tae-yang',
        role: 'Operations',
        description: 'Opened all four Seoul shops and runs the central kitchen.',
      },
    ],
    gifts: [
      {
        title: 'Sauce tasting box',
        description: 'Six sauces from mild to fire, shipped to your door.',
        isDigital: false,
        limitQuantity: 200,
      },
      {
        title: 'Free bowl for a year',
        description: 'A bowl a month at any shop for twelve months.',
        isDigital: false,
        limitQuantity: 2000,
      },
    ],
    faqs: [
      {
        title: 'How is revenue shared?',
        description:
          'Holders share 4 % of the chain’s net sales, paid quarterly, until they have received 1.8 times what they invested.',
      },
      {
        title: 'What if the U.S. shops are delayed?',
        description:
          'The revenue share covers the Seoul shops and the sauce line from day one, so payments do not wait for the new shops.',
      },
    ],
    highlights: {
      title: 'Numbers so far',
      content: 'Same-shop sales grew 22 % last year; the sauce line turned a profit in its second quarter.',
    },
  },
  {
    slug: 'jeonju-bibimbap-house',
    category: 'Food & restaurants',
    theme: 'food',
    palette: ['#2f5233', '#e9b44c', '#f7f1e3'],
    name: 'Jeonju Bibimbap House',
    tokenName: 'JBIB',
    legalName: 'Hanok Table Co., Ltd.',
    description:
      'A 60-seat restaurant in a restored hanok in Jeonju’s old town, serving the city’s famous bibimbap with rice from its own partner farms. Fully funded: holders now receive quarterly revenue shares.',
    pricePerToken: 1000,
    totalQuantity: 25000,
    soldQuantity: 25000,
    targetCap: 25_000_000,
    softCap: 15_000_000,
    userMinInvestment: 2000,
    userMaxInvestment: 1_000_000,
    startsInDays: -90,
    endsInDays: -5,
    investors: 21,
    recentInvestors: 0,
    founded: 2012,
    employees: 18,
    form: 'Korean stock company (주식회사)',
    address: '12 Eunhaeng-ro, Wansan-gu, Jeonju',
    website: 'https://hanok-table.example',
    team: [
      {
        name: 'Song Mi-rae',
        role: 'Owner',
        description: 'Third generation of a family that has served bibimbap in Jeonju since 1968.',
      },
    ],
    gifts: [
      {
        title: 'Dinner for two',
        description: 'A seasonal set menu for two in the hanok dining room.',
        isDigital: false,
        limitQuantity: 300,
      },
    ],
    faqs: [
      {
        title: 'Can I still invest?',
        description: 'No, the sale is complete. Subscribe to hear about the second location.',
      },
      {
        title: 'How are payouts calculated?',
        description: 'Holders share 6 % of monthly sales, paid every quarter with a statement.',
      },
    ],
    highlights: { title: 'Sold out', content: 'All 25,000 tokens were taken five days before the deadline.' },
  },
  {
    slug: 'hoengseong-hanwoo-herd-7',
    category: 'Hanwoo herds',
    theme: 'hanwoo',
    palette: ['#3b2a1a', '#c97b3a', '#e8f0d8'],
    name: 'Hoengseong Hanwoo Herd No. 7',
    tokenName: 'HWOO7',
    legalName: 'Green Ridge Livestock Cooperative',
    description:
      'Forty hanwoo calves raised for 30 months on a partner farm in Hoengseong, Gangwon-do, and sold at the cooperative’s auction. Holders receive the auction proceeds after feed, care and fees.',
    pricePerToken: 10000,
    totalQuantity: 16000,
    soldQuantity: 11200,
    targetCap: 160_000_000,
    softCap: 90_000_000,
    userMinInvestment: 10000,
    userMaxInvestment: 4_000_000,
    startsInDays: -16,
    endsInDays: 24,
    isGovernance: true,
    investors: 17,
    recentInvestors: 9,
    founded: 1998,
    employees: 61,
    form: 'Agricultural cooperative',
    address: '220 Hanu-ro, Hoengseong-eup, Gangwon-do',
    website: 'https://green-ridge.example',
    team: [
      {
        name: 'Hwang Sung-ho',
        role: 'Herd manager',
        description: 'Has raised hanwoo for 25 years; two of his steers graded 1++ last season.',
      },
      {
        name: 'Moon Ji-a',
        role: 'Veterinarian',
        description: 'Checks the herd every week and reports its health to holders monthly.',
      },
    ],
    gifts: [
      {
        title: 'Hanwoo gift set',
        description: 'A 1.2 kg gift set of 1+ grade cuts from the cooperative, delivered chilled.',
        isDigital: false,
        limitQuantity: 100,
      },
      {
        title: 'Farm visit',
        description: 'A day at the farm with lunch at the cooperative’s restaurant.',
        isDigital: false,
        limitQuantity: 300,
      },
    ],
    faqs: [
      {
        title: 'What if an animal falls ill?',
        description:
          'Every animal is insured through the national livestock insurance scheme; a payout replaces its auction value.',
      },
      {
        title: 'When will I be paid?',
        description: 'After the auction, about 31 months from the sale’s close, in one payment with a full statement.',
      },
    ],
    highlights: {
      title: 'Monthly herd reports',
      content: 'Weight, health and feed costs of the whole herd are published to holders every month.',
    },
  },
  {
    slug: 'onggi-atelier',
    category: 'Craft & culture',
    theme: 'craft',
    palette: ['#4a3728', '#d4a373', '#faedcd'],
    name: 'Onggi Atelier: Fermentation Jars',
    tokenName: 'ONGGI',
    legalName: 'Earth and Breath Ceramics',
    description:
      'A family workshop in Icheon that makes onggi, the breathing earthenware jars used for kimchi and soy sauce, raising to build a second kiln and supply restaurants abroad.',
    pricePerToken: 2000,
    totalQuantity: 15000,
    soldQuantity: 4200,
    targetCap: 30_000_000,
    softCap: 12_000_000,
    userMinInvestment: 2000,
    userMaxInvestment: 600_000,
    startsInDays: -8,
    endsInDays: 52,
    investors: 9,
    recentInvestors: 6,
    founded: 1979,
    employees: 6,
    form: 'Sole proprietorship',
    address: '7 Doyaji-ro, Sindun-myeon, Icheon',
    website: 'https://onggi-atelier.example',
    team: [
      {
        name: 'Yang Gi-cheol',
        role: 'Master potter',
        description: 'Designated a holder of the provincial intangible heritage of onggi-making.',
      },
      {
        name: 'Yang Su-bin',
        role: 'Studio director',
        description: 'Runs the workshop’s export business and its classes.',
      },
    ],
    gifts: [
      {
        title: 'Small kimchi jar',
        description: 'A hand-thrown 3-litre onggi for your own kimchi.',
        isDigital: false,
        limitQuantity: 150,
      },
    ],
    faqs: [
      {
        title: 'Why a second kiln?',
        description:
          'The current wood kiln fires once a month; a second one doubles output for restaurant orders already signed.',
      },
      {
        title: 'How are returns paid?',
        description: 'Holders share 5 % of sales for six years, paid every half year.',
      },
    ],
    highlights: {
      title: 'Heritage, in demand',
      content: 'Restaurants in Paris and New York have ordered 600 jars for the coming year.',
    },
  },
  {
    slug: 'hanji-lantern-works',
    category: 'Craft & culture',
    theme: 'craft',
    palette: ['#5c3d2e', '#f2c14e', '#fff8e7'],
    name: 'Hanji Lantern Works',
    tokenName: 'HANJI',
    legalName: 'Mulberry Light Co.',
    description:
      'Lanterns and lampshades of hanji, paper made from mulberry bark, from a studio in Wonju. The sale ended below its cap; holders share in the studio’s design licences.',
    pricePerToken: 1500,
    totalQuantity: 12000,
    soldQuantity: 7300,
    targetCap: 18_000_000,
    softCap: 9_000_000,
    userMinInvestment: 1500,
    userMaxInvestment: 450_000,
    startsInDays: -70,
    endsInDays: -10,
    investors: 13,
    recentInvestors: 0,
    founded: 2010,
    employees: 5,
    form: 'Korean stock company (주식회사)',
    address: '3 Hanji-gil, Wonju, Gangwon-do',
    website: 'https://mulberry-light.example',
    team: [
      {
        name: 'Nam Eun-ji',
        role: 'Designer',
        description: 'Her lanterns light the Seoul Lantern Festival’s craft pavilion every year.',
      },
    ],
    gifts: [
      {
        title: 'Moon lantern',
        description: 'A 30 cm hanji moon lantern, signed by the designer.',
        isDigital: false,
        limitQuantity: 100,
      },
    ],
    faqs: [
      {
        title: 'The sale has ended. What now?',
        description: 'The soft cap was reached, so the studio went ahead. Licence income is paid to holders yearly.',
      },
      {
        title: 'Can I buy more tokens?',
        description: 'Not in this sale. Subscribe to hear about the studio’s next offering.',
      },
    ],
    highlights: {
      title: 'From mulberry to light',
      content: 'Each sheet of hanji is made by hand from mulberry bark grown within 20 km of the studio.',
    },
  },
  {
    slug: 'nuruk-makgeolli-brewery',
    category: 'Food & restaurants',
    theme: 'food',
    art: 'bottle',
    palette: ['#1f3c36', '#a8d5ba', '#fffbf0'],
    name: 'Nuruk & Co. Makgeolli Brewery',
    tokenName: 'NURUK',
    legalName: 'Nuruk and Company Brewing',
    description:
      'A small brewery in Yangpyeong making unpasteurised makgeolli with its own nuruk starter, raising for a bottling line that keeps the rice wine fresh long enough to export.',
    pricePerToken: 800,
    totalQuantity: 50000,
    soldQuantity: 41200,
    targetCap: 40_000_000,
    softCap: 15_000_000,
    userMinInvestment: 1600,
    userMaxInvestment: 400_000,
    startsInDays: -40,
    endsInDays: 6,
    investors: 19,
    recentInvestors: 5,
    founded: 2016,
    employees: 11,
    form: 'Korean stock company (주식회사)',
    address: '45 Yangpyeong-ro, Yangpyeong-gun, Gyeonggi-do',
    website: 'https://nuruk-co.example',
    team: [
      {
        name: 'Jeon Da-hye',
        role: 'Head brewer',
        description:
          'Trained at the Korea Traditional Liquor Institute; her makgeolli won gold at the 2024 Korean Liquor Awards.',
      },
      {
        name: 'Go Min-jun',
        role: 'Export manager',
        description: 'Has placed Korean spirits with importers in Japan, Singapore and the U.S.',
      },
    ],
    gifts: [
      {
        title: 'Brewery tasting',
        description: 'A tasting for two at the brewery, with a bottle to take home.',
        isDigital: false,
        limitQuantity: 250,
      },
      {
        title: 'Brewing notes',
        description: 'The head brewer’s notes on making nuruk at home.',
        isDigital: true,
        limitQuantity: 20,
      },
    ],
    faqs: [
      {
        title: 'Why a new bottling line?',
        description:
          'Unpasteurised makgeolli keeps for ten days today; the new line extends that to 60, enough for shipping.',
      },
      {
        title: 'How are returns paid?',
        description: 'Holders share 3 % of sales for eight years, paid every quarter.',
      },
    ],
    highlights: {
      title: 'Closing soon',
      content: 'The sale closes in less than a week with more than 80 % of tokens taken.',
    },
  },
  {
    slug: 'last-dokkaebi-webtoon',
    category: 'Drama & film',
    theme: 'drama',
    palette: ['#0b132b', '#5bc0be', '#ff7b9c'],
    name: 'The Last Dokkaebi: Webtoon to Series',
    tokenName: 'DKBI',
    legalName: 'Goblin Lantern Studio Co., Ltd.',
    description:
      'Adaptation rights and merchandise income of a fantasy webtoon with 1.2 billion views, as it is developed into a live-action series. A private offering for invited investors.',
    pricePerToken: 20000,
    totalQuantity: 10000,
    soldQuantity: 3100,
    targetCap: 200_000_000,
    softCap: 100_000_000,
    userMinInvestment: 100000,
    userMaxInvestment: 20_000_000,
    startsInDays: -6,
    endsInDays: 45,
    isRegD: true,
    isRestricted: true,
    isGovernance: true,
    investors: 5,
    recentInvestors: 3,
    founded: 2019,
    employees: 23,
    form: 'Korean stock company (주식회사)',
    address: '9 Pangyoyeok-ro, Bundang-gu, Seongnam',
    website: 'https://goblin-lantern.example',
    team: [
      {
        name: 'Ryu Na-ra',
        role: 'Creator',
        description: 'Wrote and drew the webtoon for six years; it has been translated into eleven languages.',
      },
      {
        name: 'Shin Hyun-woo',
        role: 'Development producer',
        description: 'Brought two webtoons to broadcast as series.',
      },
    ],
    gifts: [
      {
        title: 'Original page',
        description: 'A framed original page from the final chapter.',
        isDigital: false,
        limitQuantity: 250,
      },
    ],
    faqs: [
      {
        title: 'Why can’t I see this project in the list?',
        description:
          'It is a private offering: only investors on its allowed list see it. Ask for access from this page.',
      },
      {
        title: 'Who can invest?',
        description: 'Accredited investors invited by the studio, under Regulation D, Rule 506(c).',
      },
    ],
    highlights: {
      title: 'An audience before the first episode',
      content: 'The webtoon’s readers are the series’ launch audience: 4.8 million follow it on the platform.',
    },
  },
  {
    slug: 'jeju-tangerine-orchard',
    category: 'Food & restaurants',
    theme: 'food',
    art: 'orchard',
    palette: ['#1b4332', '#ff9f1c', '#fff4e0'],
    name: 'Jeju Tangerine Orchard & Café',
    tokenName: 'GYUL',
    legalName: 'Volcanic Grove Farm Co.',
    description:
      'A 4-hectare hallabong and tangerine orchard on Jeju’s southern slopes with a café that draws 90,000 visitors a year, raising to add a juice press and a tasting room.',
    pricePerToken: 1200,
    totalQuantity: 30000,
    soldQuantity: 0,
    targetCap: 36_000_000,
    softCap: 12_000_000,
    userMinInvestment: 2400,
    userMaxInvestment: 720_000,
    startsInDays: 3,
    endsInDays: 48,
    investors: 0,
    recentInvestors: 0,
    founded: 2008,
    employees: 15,
    form: 'Agricultural company',
    address: '101 Jungmungwangwang-ro, Seogwipo, Jeju',
    website: 'https://volcanic-grove.example',
    team: [
      {
        name: 'Ko Eun-byul',
        role: 'Farmer and founder',
        description: 'Took over her parents’ orchard and opened the café in 2015.',
      },
    ],
    gifts: [
      {
        title: 'Hallabong box',
        description: 'A 3 kg box of hallabong in season, shipped from the orchard.',
        isDigital: false,
        limitQuantity: 100,
      },
    ],
    faqs: [
      { title: 'When does the sale open?', description: 'In three days. Subscribe to be told when it opens.' },
      {
        title: 'What does the juice press change?',
        description:
          'Fruit too small for the fresh market becomes juice instead of compost: about a fifth of each harvest.',
      },
    ],
    highlights: {
      title: 'A café with a harvest',
      content: 'The café already pays its way; the press turns the orchard’s seconds into a product.',
    },
  },
];
