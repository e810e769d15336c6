import { useState, type ReactNode } from 'react';
import type { KycStatus, UserPayload } from '../../../../../domain/auth';
import { useShownBadge } from '../../../../../features/account/queries';
import { countryName } from '../../../../../features/kyc/countries';
import { getLocale, t, type MessageKey } from '../../../../../lib/i18n';
import { CommunityBadge } from '../../../../../ui/community-badge';
import { EmailForm } from './email-form';
import { NameForm } from './name-form';
import { Section } from './section';
import { useIsLocked } from './use-is-locked';

const kycLabels: Record<KycStatus, MessageKey> = {
  NONE: 'kyc.status.NONE',
  INPROGRESS: 'kyc.status.INPROGRESS',
  GREEN: 'kyc.status.GREEN',
  RED: 'kyc.status.RED',
};

const orNA = (value: string | null) => (value && value.trim() ? value : t('common.na'));

export function ProfileSection({ user }: { user: UserPayload }) {
  const isLocked = useIsLocked(user);
  const [editing, setEditing] = useState<'name' | 'email' | null>(null);
  const badge = useShownBadge();
  const rows: Array<{ label: string; value: string; badge?: ReactNode; action?: ReactNode }> = [
    {
      label: t('settings.name'),
      value: orNA(user.name),
      badge: badge ? <CommunityBadge name={badge.name} project={badge.productName} /> : null,
      action: (
        <button
          type="button"
          className="text-link inline-flex min-h-11 items-center px-1 text-sm"
          onClick={() => setEditing('name')}
          disabled={isLocked}
        >
          {t('settings.edit')}
        </button>
      ),
    },
    {
      label: t('settings.email'),
      value: orNA(user.email),
      action: (
        <button
          type="button"
          className="text-link inline-flex min-h-11 items-center px-1 text-sm"
          onClick={() => setEditing('email')}
          disabled={isLocked}
        >
          {t('settings.change')}
        </button>
      ),
    },
    { label: t('settings.legalName'), value: orNA(user.legalName) },
    {
      label: t('settings.country'),
      value: user.countryOfResidence ? countryName(user.countryOfResidence, getLocale()) : t('common.na'),
    },
    {
      label: t('settings.investorType'),
      value: user.investorType === 'COMPANY' ? t('investorType.COMPANY') : t('investorType.INDIVIDUAL'),
    },
    { label: t('settings.kycStatus'), value: t(kycLabels[user.kycStatus]) },
  ];
  return (
    <Section title={t('settings.profile')} description={t('settings.profileHint')}>
      <dl className="divide-y divide-line">
        {rows.map((row) => (
          // A definition list holds only dt and dd (in one wrapping div each): the action sits in the dd.
          <div key={row.label} className="py-3">
            <dt className="text-sm text-ink-muted">{row.label}</dt>
            <dd className="mt-0.5 flex items-center justify-between gap-4 text-ink">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="min-w-0 break-words">{row.value}</span>
                {row.badge}
              </span>
              {row.action ? <span className="shrink-0">{row.action}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {editing === 'name' ? <NameForm current={user.name ?? ''} onDone={() => setEditing(null)} /> : null}
      {editing === 'email' ? <EmailForm onDone={() => setEditing(null)} /> : null}
    </Section>
  );
}
