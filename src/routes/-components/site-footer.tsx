import { Link } from '@tanstack/react-router';
import { t, type MessageKey } from '../../lib/i18n';
import { LogoMark } from '../../ui/logo';

const groups: Array<{ title: MessageKey; links: Array<{ to: string; label: MessageKey }> }> = [
  {
    title: 'footer.company',
    links: [
      { to: '/landing', label: 'site.footer.whyMoa' },
      { to: '/projects', label: 'site.footer.projects' },
      { to: '/about/infrastructure', label: 'site.footer.howItWorks' },
      { to: '/blog/', label: 'site.footer.blog' },
    ],
  },
  {
    title: 'footer.help',
    links: [
      { to: '/faq', label: 'site.footer.faq' },
      { to: '/contact-us/', label: 'site.footer.contact' },
      { to: '/health-check', label: 'site.footer.status' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { to: '/terms-of-service/', label: 'site.footer.terms' },
      { to: '/privacy-policy/', label: 'site.footer.privacy' },
      { to: '/disclaimers/', label: 'site.footer.disclaimers' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-white">
      <div className="container grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-brand-900">
            <LogoMark className="h-7 w-7" /> Moa
          </p>
          <p className="mt-3 max-w-xs text-sm text-ink-muted">{t('site.footer.tagline')}</p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={t(group.title)}>
            <h2 className="text-sm font-bold text-ink">{t(group.title)}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="focus-ring rounded-sm text-sm text-ink-soft hover:text-brand-800 hover:underline"
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <p className="container py-5 text-xs text-ink-muted">
          {t('site.footer.copyright', { year: new Date().getFullYear() })} {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
