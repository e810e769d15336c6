import type { ProductCard } from '../../domain/products';

export interface HomeSections {
  featured: ProductCard[];
  popular: ProductCard[];
  closing: ProductCard[];
}

/**
 * The home page's three shelves, each at most `size` cards, and no project on two shelves:
 * a project that is featured, popular and closing soon shows once, on the first shelf it
 * qualifies for (featured, then popular, then closing soon). Ended sales are not featured.
 */
export function pickHomeSections(cards: readonly ProductCard[], size = 3): HomeSections {
  const shown = new Set<number>();
  const take = (matches: (card: ProductCard) => boolean) => {
    const picked = cards.filter((card) => !shown.has(card.id) && matches(card)).slice(0, size);
    for (const card of picked) shown.add(card.id);
    return picked;
  };
  return {
    featured: take((card) => card.isFeatured && card.saleStatus !== 'SALE_END'),
    popular: take((card) => card.isMostPopular),
    closing: take((card) => card.isClosingSoon),
  };
}
