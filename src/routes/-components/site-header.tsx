import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { tellAccountLanguage } from '../../features/account/language';
import { InstallButton } from '../../features/pwa/install-button';
import { t, type MessageKey } from '../../lib/i18n';
import { hasSessionToken, subscribeSession } from '../../lib/session';
import { useIsHydrated } from '../../lib/prerendered';
import { LanguageSwitch } from '../../ui/language-switch';
import { Logo } from '../../ui/logo';
import { HeaderBell } from './header-bell';

// Signed in only: the name and badge come beside the app; "Account" until then, as until the
// name is known.
const HeaderAccountLabel = lazy(() =>
  import('./header-account-label').then((module) => ({ default: module.HeaderAccountLabel })),
);

const navItems: { to: string; label: MessageKey }[] = [
  { to: '/projects', label: 'nav.projects' },
  { to: '/blog/', label: 'nav.blog' },
  { to: '/faq', label: 'nav.faq' },
];

/**
 * The name comes with the app: a served page says "Account", as until the name is known. Its own
 * component, so the render that brings it after hydration touches nothing else in the header: a
 * render of the language select between a choice and its change event would put the select back.
 */
function AccountLabel() {
  if (!useIsHydrated()) return t('nav.account');
  return (
    <Suspense fallback={t('nav.account')}>
      <HeaderAccountLabel />
    </Suspense>
  );
}

/** The fixed header; the layout offsets its content by the header's height (h-16). */
export function SiteHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  // Re-renders the moment a token is stored or cleared, so the header follows sign-in and sign-out.
  const isSignedIn = useSyncExternalStore(subscribeSession, hasSessionToken, hasSessionToken);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  // Signed in, the choice is also kept on the account, so mails and messages follow it.
  const rememberLanguage = (locale: 'en' | 'ko') => {
    if (isSignedIn) tellAccountLanguage(locale).catch(() => undefined);
  };

  const accountLink = isSignedIn ? (
    <Link to="/account/overview" className="btn-primary" onClick={() => setIsMenuOpen(false)}>
      <span className="i-lucide-user-round shrink-0" aria-hidden="true" />
      <AccountLabel />
    </Link>
  ) : (
    <Link to="/auth/signin" className="btn-primary" onClick={() => setIsMenuOpen(false)}>
      {t('nav.signIn')}
    </Link>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 bg-paper/92 shadow-header backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <div className="container flex h-full items-center justify-between gap-4">
        <Link to="/" className="focus-ring rounded-md">
          <Logo />
          <span className="sr-only"> {t('site.homeLink')}</span>
        </Link>
        <nav aria-label={t('nav.main')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="focus-ring rounded-full px-4 py-2 text-sm font-semibold text-ink-soft hover:(bg-brand-50 text-brand-900)"
                  activeProps={{ className: 'bg-brand-50 !text-brand-900', 'aria-current': 'page' }}
                >
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch onChosen={rememberLanguage} />
          <InstallButton />
          {isSignedIn && <HeaderBell />}
          {accountLink}
        </div>
        <div className="ml-auto flex items-center gap-1 md:hidden">
          <LanguageSwitch onChosen={rememberLanguage} />
          {isSignedIn && <HeaderBell onNavigate={() => setIsMenuOpen(false)} />}
        </div>
        <button
          type="button"
          className="btn-ghost md:hidden !px-3"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          <span className={isMenuOpen ? 'i-lucide-x text-xl' : 'i-lucide-menu text-xl'} aria-hidden="true" />
          <span className="sr-only">{isMenuOpen ? t('nav.closeMenu') : t('nav.menu')}</span>
        </button>
      </div>
      <div
        id={menuId}
        hidden={!isMenuOpen}
        className="border-t border-line bg-paper px-4 pb-6 pt-2 shadow-raised md:hidden"
      >
        <nav aria-label={t('nav.main')}>
          <ul className="flex flex-col">
            {navItems.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setIsMenuOpen(false)}
                  className="focus-ring block rounded-md px-2 py-3 text-base font-semibold text-ink hover:bg-brand-50"
                >
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 flex flex-col gap-3">
          {accountLink}
          <InstallButton />
        </div>
      </div>
    </header>
  );
}
