import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Approval } from '../../../../domain/operator';
import { useApprovalAction } from '../../../../features/operator/mutations';
import { approvalsOptions } from '../../../../features/operator/queries';
import { meQueryOptions } from '../../../../features/session/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { QueryProblem } from './query-problem';

/**
 * Proposals waiting for a second admin. One's own cannot be approved: the server refuses it, and
 * the screen says so before anyone tries.
 */
export default function ApprovalsScreen() {
  const approvals = useQuery(approvalsOptions());
  const { data: profile } = useQuery(meQueryOptions());
  const me = profile?.userPayload.email ? `operator:${profile.userPayload.email}` : null;
  const pending = approvals.data?.approvals.filter((approval) => approval.state === 'PENDING') ?? [];
  return (
    <div>
      <h1 className="page-title">{t('operator.approvals.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.approvals.intro')}</p>
      {approvals.data ? (
        pending.length ? (
          <ul className="mt-4 space-y-3">
            {pending.map((approval) => (
              <li key={approval.id} className="card p-4">
                <ApprovalCard approval={approval} isOwn={me !== null && approval.proposedBy === me} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-ink-soft">{t('operator.approvals.empty')}</p>
        )
      ) : (
        <QueryProblem query={approvals} />
      )}
    </div>
  );
}

function ApprovalCard({ approval, isOwn }: { approval: Approval; isOwn: boolean }) {
  const approve = useApprovalAction('approve');
  const reject = useApprovalAction('reject');
  const [reason, setReason] = useState('');
  return (
    <div className="space-y-2 text-sm">
      <p className="font-semibold text-ink">{t(`operator.approvals.kind.${approval.kind}` as MessageKey)}</p>
      <p>{approval.summary}</p>
      <p className="text-ink-soft">
        {t('operator.approvals.proposedBy', { who: approval.proposedBy, when: formatDateTime(approval.proposedAt) })}
        {' · '}
        {t('operator.approvals.expires', { when: formatDateTime(approval.expiresAt) })}
      </p>
      {isOwn ? <p className="font-semibold text-gold-700">{t('operator.approvals.own')}</p> : null}
      <div className="flex flex-wrap items-end gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={approve.isPending}
          aria-describedby={isOwn ? `own-${approval.id}` : undefined}
          onClick={() => approve.mutate({ id: approval.id })}
        >
          {t('operator.approvals.approve')}
        </button>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            reject.mutate({ id: approval.id, reason: reason.trim() });
          }}
        >
          <label>
            <span className="sr-only">{t('operator.reason')}</span>
            <input
              className="input"
              required
              maxLength={500}
              placeholder={t('operator.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <button type="submit" className="btn-ghost" disabled={reject.isPending}>
            {t(isOwn ? 'operator.approvals.withdraw' : 'operator.approvals.reject')}
          </button>
        </form>
      </div>
      {approve.error ? (
        <p role="alert" className="text-coral-800">
          {approve.error.message}
        </p>
      ) : null}
    </div>
  );
}
