import type { ProductCard, ProductShelves } from '../../../src/domain/products';

/**
 * The home page's three shelves from the cards that can be on them (no database, no I/O): each at
 * most `size` cards in the list's order (newest first), and no project on two shelves: a project
 * that is featured, popular and closing soon shows once, on the first shelf it qualifies for
 * (featured, then popular, then closing soon). Ended sales are not featured.
 *
 * Picking from every visible card gives the same shelves as picking from the candidates the
 * shelves' statement reads, as long as each shelf's candidates include its first `size` cards
 * left after the shelves before it (repository.ts findShelfCandidates).
 */
export function pickShelves(cards: readonly ProductCard[], size: number): ProductShelves {
  const byId = new Map<number, ProductCard>();
  for (const card of cards) byId.set(card.id, card);
  const ordered = [...byId.values()].sort((a, b) => b.id - a.id);
  const shown = new Set<number>();
  const take = (matches: (card: ProductCard) => boolean) => {
    const picked = ordered.filter((card) => !shown.has(card.id) && matches(card)).slice(0, size);
    for (const card of picked) shown.add(card.id);
    return picked;
  };
  return {
    featured: take((card) => card.isFeatured && card.saleStatus !== 'SALE_END'),
    popular: take((card) => card.isMostPopular),
    closing: take((card) => card.isClosingSoon),
  };
}
