import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n';
import { LogoMark } from '../../ui/logo';

const groups = [
  {
    title: 'footer.company' as const,
    links: [
      { to: '/landing', label: 'Why Moa' },
      { to: '/projects', label: 'Projects' },
      { to: '/about/infrastructure', label: 'How Moa works' },
      { to: '/blog/', label: 'Blog' },
    ],
  },
  {
    title: 'footer.help' as const,
    links: [
      { to: '/faq', label: 'FAQ' },
      { to: '/contact-us/', label: 'Contact us' },
      { to: '/health-check', label: 'Service status' },
    ],
  },
  {
    title: 'footer.legal' as const,
    links: [
      { to: '/terms-of-service/', label: 'Terms of service' },
      { to: '/privacy-policy/', label: 'Privacy policy' },
      { to: '/disclaimers/', label: 'Disclaimers' },
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
          <p className="mt-3 max-w-xs text-sm text-ink-muted">
            Own a share of the culture you love: music, drama, food and craft from Korea, tokenized and verified.
          </p>
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
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <p className="container py-5 text-xs text-ink-muted">
          © {new Date().getFullYear()} Moa. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
