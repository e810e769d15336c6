import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AccountNav } from './account/-components/account-nav';
import { SignOutButton } from './account/-components/sign-out-button';
import { t } from '../../lib/i18n';

/**
 * The frame of every /account page: the account navigation and a visible sign-out, on phone and
 * desktop. A new account page only adds its file under account/ and its link in account-nav.tsx;
 * its component renders its own h1 and content, without a container (this layout gives one).
 */
export const Route = createFileRoute('/_authenticated/account')({
  staticData: { texts: ['account'] },
  component: AccountLayout,
});

function AccountLayout() {
  return (
    <div className="container py-6 sm:py-10">
      <div className="flex items-center justify-between gap-3">
        <p className="eyebrow">{t('account.eyebrow')}</p>
        <SignOutButton />
      </div>
      <AccountNav />
      <div className="mt-6 sm:mt-8">
        <Outlet />
      </div>
    </div>
  );
}
