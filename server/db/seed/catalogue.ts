import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { insertCategory, insertHolding, insertProduct } from '../../modules/products/factory';
import { insertUser } from '../../modules/users/records-repository';
import { isWholeAmount, minorUnitDigits, toMajorUnits } from '../../../src/domain/money';
import type { Database } from '../types';
import { demoProjects, type DemoProject } from './catalogue-data';

const DAY_MS = 24 * 60 * 60 * 1000;
const categoryOrder: DemoProject['category'][] = [
  'K-pop & music',
  'Drama & film',
  'Food & restaurants',
  'Hanwoo herds',
  'Craft & culture',
];

const riskSets: Record<DemoProject['theme'], Array<{ title: string; description: string }>> = {
  music: [
    {
      title: 'Listening habits change',
      description: 'Streaming income depends on how often the songs are played, which can fall as tastes move on.',
    },
    {
      title: 'Rates are set by others',
      description: 'Platforms and collecting societies set per-stream rates and can lower them.',
    },
  ],
  drama: [
    {
      title: 'Licensing is uneven',
      description: 'Most income arrives in the first years after release; later years may bring little.',
    },
    { title: 'Production can overrun', description: 'Delays or higher costs reduce what is left for holders.' },
  ],
  food: [
    {
      title: 'Restaurants are cyclical',
      description: 'Sales fall in downturns, and new shops may take longer than planned to break even.',
    },
    {
      title: 'Costs can rise',
      description: 'Ingredient, rent and wage increases reduce the revenue shared with holders.',
    },
  ],
  hanwoo: [
    {
      title: 'Auction prices move',
      description: 'Hanwoo prices vary with demand and grade; a weak auction lowers proceeds.',
    },
    { title: 'Animal health', description: 'Illness can reduce the herd’s value even with insurance.' },
  ],
  craft: [
    {
      title: 'A small business',
      description: 'A few people make the products; losing one of them can slow production for months.',
    },
    {
      title: 'Export demand',
      description: 'Orders from abroad can be cancelled or delayed by trade and currency changes.',
    },
  ],
};

const commonRisks = [
  {
    title: 'You may lose your money',
    description: 'Returns are not guaranteed. You can lose some or all of what you invest.',
  },
  {
    title: 'Tokens are hard to sell',
    description: 'There may be no buyer when you want to sell, and transfers are limited to verified investors.',
  },
];

/** A demo deal term's amount in English, in the platform currency: "$20", "$12.50", "₩20,000". */
function money(minor: number, currency: string): string {
  const digits = isWholeAmount(minor, currency) ? 0 : minorUnitDigits(currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toMajorUnits(minor, currency));
}

/** First-start demo catalogue: categories, twelve projects with every part, demo investors and their holdings. */
export async function seedCatalogue(trx: Transaction<Database>, now: Date, currency = 'USD'): Promise<void> {
  const at = (days: number | null) => (days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString());
  const categoryIds = new Map<string, number>();
  for (const [index, name] of categoryOrder.entries())
    categoryIds.set(name, await insertCategory(trx, name, index + 1));

  // Demo investors hold the tokens the demo sales have sold, so counts and badges are real.
  const investorIds: string[] = [];
  for (let index = 1; index <= 30; index += 1) {
    const number = String(index).padStart(2, '0');
    investorIds.push(
      await insertUser(
        trx,
        { email: `investor${number}@demo.moa.localhost`, name: `Demo investor ${number}` },
        now.toISOString(),
      ),
    );
  }

  // Oldest first, so the featured sales get the newest ids and lead the list.
  for (const [index, project] of [...demoProjects].reverse().entries()) {
    const base = `/demo/projects/${project.slug}`;
    const productId = await insertProduct(trx, {
      categoryId: categoryIds.get(project.category)!,
      name: project.name,
      description: project.description,
      image: `${base}/cover.webp`,
      logo: `${base}/logo.webp`,
      tokenName: project.tokenName,
      contractAddress: `0x${[...project.slug]
        .reduce((hash, char) => (hash * 33 + char.charCodeAt(0)) % 0xffffffff, 5381)
        .toString(16)
        .padStart(8, '0')}${'dea1'.repeat(8)}`,
      pricePerToken: project.pricePerToken,
      totalQuantity: project.totalQuantity,
      remainingQuantity: project.totalQuantity - project.soldQuantity,
      targetCap: project.targetCap,
      softCap: project.softCap,
      userMinInvestment: project.userMinInvestment,
      userMaxInvestment: project.userMaxInvestment,
      startsAt: at(project.startsInDays),
      endsAt: at(project.endsInDays),
      isRegD: project.isRegD,
      isRestricted: project.isRestricted,
      isFeatured: project.isFeatured,
      isGovernance: project.isGovernance,
      documentDescription: 'The offering memorandum and the token terms are binding. Read both before you invest.',
      createdAt: new Date(now.getTime() - (demoProjects.length - index) * DAY_MS).toISOString(),
      about: {
        logo: `${base}/logo.webp`,
        legalName: project.legalName,
        employees: project.employees,
        founded: project.founded,
        website: project.website,
        form: project.form,
        locationImage: `${base}/location.webp`,
        address: project.address,
      },
      team: project.team.map((member, position) => ({ ...member, image: `${base}/team-${position + 1}.webp` })),
      socialLinks: [
        { platform: 'Instagram', url: `https://instagram.example/${project.slug}` },
        { platform: 'YouTube', url: `https://youtube.example/@${project.slug}` },
      ],
      dealTerms: [
        {
          field: 'Minimum investment',
          value: money(project.userMinInvestment, currency),
          tooltip: 'The least you can invest in one order (the investor soft cap).',
        },
        {
          field: 'Maximum investment',
          value: project.userMaxInvestment ? money(project.userMaxInvestment, currency) : 'No limit',
          tooltip: 'The most one investor can hold from this sale (the investor hard cap).',
        },
        {
          field: 'Funding goal',
          value: project.targetCap ? money(project.targetCap, currency) : 'Open',
          tooltip:
            'What the sale aims to raise. If the soft cap is not reached by the deadline, payments are returned.',
        },
        {
          field: 'Deadline',
          // An ISO day: the app shows it in the reader's date format.
          value: project.endsInDays === null ? '-' : at(project.endsInDays)!.slice(0, 10),
          tooltip: 'The sale closes at midnight UTC on this day, or earlier when every token is sold.',
        },
        {
          field: 'Regulation',
          value: project.isRegD ? 'Regulation D, Rule 506(c)' : 'Regulation CF',
          tooltip: project.isRegD
            ? 'Open to verified accredited investors only.'
            : 'Open to every identity-verified investor, within yearly limits set by law.',
        },
      ],
      images: [
        { url: `${base}/cover.webp`, altText: `${project.name}: cover illustration` },
        { url: `${base}/gallery-1.webp`, altText: `${project.name}: illustration at night` },
        { url: `${base}/gallery-2.webp`, altText: `${project.name}: illustration in colour` },
      ],
      gifts: project.gifts,
      faqs: [
        ...project.faqs,
        {
          title: 'How do I pay?',
          description:
            'By bank transfer to the project’s escrow account or in USDC to its wallet. Your tokens are credited once the payment is confirmed.',
        },
      ],
      risks: [...riskSets[project.theme], ...commonRisks],
      documents: [
        {
          name: 'Offering memorandum',
          description: 'What you invest in, the numbers and the people behind it.',
          url: `/demo/documents/${project.slug}-offering-memorandum.pdf`,
        },
        {
          name: 'Token terms',
          description: 'What a token gives you: payments, transfers and votes.',
          url: `/demo/documents/${project.slug}-token-terms.pdf`,
        },
      ],
      customSections: [project.highlights],
      payMethods: [
        {
          name: 'Bank transfer (escrow)',
          address: `469001-04-${String(123456 + index * 7919).padStart(6, '0')}`,
          alias: `${project.tokenName} escrow`,
          payMethodType: 'ACCOUNT',
          bankName: 'KB Kookmin Bank',
          accountHolder: `Moa Escrow Trust – ${project.name}`,
        },
        {
          name: 'USDC (Ethereum)',
          address: `0x${createHash('sha256').update(`moa-escrow-${project.slug}`).digest('hex').slice(0, 40)}`,
          alias: `${project.tokenName} wallet`,
          payMethodType: 'CRYPTO',
          network: 'Ethereum (ERC-20)',
          asset: 'USDC',
        },
      ],
      communitySections: [
        { type: 'UPDATE', viewType: 'PRE_KYC' },
        { type: 'DISCUSSION', viewType: 'POST_KYC' },
        { type: 'REVIEW', viewType: 'INVESTOR' },
        ...(project.isGovernance
          ? ([
              { type: 'PROPOSAL', viewType: 'INVESTOR' },
              { type: 'AGENDA', viewType: 'INVESTOR' },
            ] as const)
          : []),
      ],
      communityBadges: [
        { name: 'Supporter', limitQuantity: Math.max(1, Math.round(project.gifts[0]!.limitQuantity / 4)) },
        { name: 'Patron', limitQuantity: project.gifts[0]!.limitQuantity },
        { name: 'Founding holder', limitQuantity: project.gifts[0]!.limitQuantity * 5 },
      ],
    });

    // Spread the sold tokens over the project's investors; the most recent ones joined this fortnight.
    if (project.investors > 0) {
      const share = Math.floor(project.soldQuantity / project.investors);
      for (let position = 0; position < project.investors; position += 1) {
        const isRecent = position >= project.investors - project.recentInvestors;
        const daysAgo = isRecent ? 1 + ((position * 3) % 12) : 20 + ((position * 37) % 400);
        const quantity = position === 0 ? project.soldQuantity - share * (project.investors - 1) : share;
        await insertHolding(trx, {
          productId,
          userId: investorIds[(position + index * 7) % investorIds.length]!,
          quantity,
          firstInvestedAt: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
        });
      }
    }
  }
}
