import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../../features/session/queries';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { BadgeSection } from './-components/settings/badge-section';
import { LanguageSection } from './-components/settings/language-section';
import { ProfileSection } from './-components/settings/profile-section';
import { SecondFactorSection } from './-components/settings/second-factor-section';
import { OfflineHint } from './-components/settings/offline-hint';
import { SessionsSection } from './-components/settings/sessions-section';

export const Route = createFileRoute('/_authenticated/account/account-settings')({
  staticData: { texts: ['auth', 'identity', 'validation'] },
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  head: () => pageHead(t('settings.title')),
  component: Page,
});

function Page() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  if (!me) return null;
  const user = me.userPayload;
  return (
    <div>
      <h1 className="page-title">{t('settings.title')}</h1>
      <OfflineHint />
      {user.isBanned ? (
        <div role="status" className="mt-6 rounded-lg bg-coral-50 p-4 text-coral-800 ring-1 ring-coral-200">
          <p className="font-semibold">{t('settings.bannedTitle')}</p>
          <p className="mt-1 text-sm">{t('settings.bannedBody', { reason: user.banReason ?? t('common.na') })}</p>
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ProfileSection user={user} />
        <div className="space-y-6">
          <LanguageSection />
          <BadgeSection user={user} />
          <SecondFactorSection user={user} />
          <SessionsSection />
        </div>
      </div>
    </div>
  );
}
