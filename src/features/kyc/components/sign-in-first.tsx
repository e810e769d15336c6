import { Link } from '@tanstack/react-router';
import { t } from '../../../lib/i18n';

export function SignInFirst({ from }: { from: string }) {
  return (
    <div className="space-y-4">
      <p className="text-ink-soft">{t('identity.signInFirst')}</p>
      <Link to="/auth/signin" search={{ redirect: from }} className="btn-primary">
        {t('identity.signIn')}
      </Link>
    </div>
  );
}
