import { useQuery } from '@tanstack/react-query';
import { useShownBadge } from '../../features/account/queries';
import { meQueryOptions } from '../../features/session/queries';
import { t } from '../../lib/i18n';
import { CommunityBadge } from '../../ui/community-badge';

/**
 * What the header's account link says to a signed-in investor: their name and, once the second
 * factor is passed, their highest community badge (unless they hide it). "Account" until a name
 * is known.
 */
export function HeaderAccountLabel() {
  const { data: me } = useQuery(meQueryOptions());
  const user = me?.userPayload;
  const badge = useShownBadge(Boolean(user?.isOtpEnabled && user.role !== 'UNVERIFIED'));
  const name = user?.name?.trim();
  if (!name) return <>{t('nav.account')}</>;
  return (
    <>
      <span className="sr-only">{t('nav.account')}: </span>
      <span className="max-w-[10rem] truncate" data-testid="header-name">
        {name}
      </span>
      {badge ? <CommunityBadge name={badge.name} project={badge.productName} /> : null}
    </>
  );
}
