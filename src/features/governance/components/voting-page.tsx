import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { useState } from 'react';
import type { VotingKind } from '../../../domain/governance';
import { t } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request-error';
import { votingsOptions } from '../queries';
import { GovernanceShell, LockedSection, type GovernanceProjectFace } from './governance-shell';
import { ProposalForm } from './proposal-form';
import { VotingCard } from './voting-card';

export async function loadVotings(queryClient: QueryClient, productId: number, kind: VotingKind) {
  try {
    await queryClient.ensureQueryData(votingsOptions(productId, kind));
  } catch (error) {
    if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}

/** Proposals or agendas of a project, newest first. */
export function VotingPage({
  productId,
  kind,
  project,
}: {
  productId: number;
  kind: VotingKind;
  /** See GovernanceShell. */
  project: GovernanceProjectFace | undefined;
}) {
  const { data, dataUpdatedAt } = useSuspenseQuery(votingsOptions(productId, kind));
  const [isCreating, setCreating] = useState(false);
  const title = kind === 'PROPOSAL' ? t('governance.proposals') : t('governance.agendas');
  const mayPropose = data.balance >= data.proposalMinTokens;
  return (
    <GovernanceShell productId={productId} project={project} title={title} fetchedAt={dataUpdatedAt}>
      {!data.section.unlocked ? <LockedSection section={data.section} /> : null}
      {data.section.unlocked && kind === 'PROPOSAL' ? (
        mayPropose ? (
          isCreating ? (
            <ProposalForm productId={productId} onDone={() => setCreating(false)} />
          ) : (
            <button type="button" className="btn-secondary w-full sm:w-auto" onClick={() => setCreating(true)}>
              {t('governance.newProposal')}
            </button>
          )
        ) : (
          <p className="text-sm text-ink-muted">
            {t('governance.proposalThreshold', { count: data.proposalMinTokens })}
          </p>
        )
      ) : null}
      {data.section.unlocked && data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {kind === 'PROPOSAL' ? t('governance.noProposals') : t('governance.noAgendas')}
        </p>
      ) : null}
      {data.items.map((item) => (
        <VotingCard key={item.id} item={item} productId={productId} kind={kind} />
      ))}
    </GovernanceShell>
  );
}
