import { useSuspenseQuery } from '@tanstack/react-query';
import type { VotingKind } from '../../../../domain/governance';
import { votingsOptions } from '../../../../features/governance/queries';
import { PushOffer } from '../../../../features/notifications/components/push-offer';

/**
 * Once the investor has cast a ballot on this page, push is worth offering: the result comes
 * later, when the vote closes. Reads the list the page already holds; no request of its own.
 */
export function PushOfferAfterVote({ productId, kind }: { productId: number; kind: VotingKind }) {
  const { data } = useSuspenseQuery(votingsOptions(productId, kind));
  const hasVoted = data.items.some((item) => item.myBallot !== null);
  return hasVoted ? (
    <div className="mx-auto max-w-3xl px-4 pb-8">
      <PushOffer />
    </div>
  ) : null;
}
