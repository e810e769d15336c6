/**
 * One place for every user-facing string. English ships first; adding Korean means adding
 * a `ko` catalogue of the same shape, not touching components. The unknown-error fallback
 * stays Korean in every language because the product's contract names it so.
 */
const en = {
  'app.skipToContent': 'Skip to content',
  'nav.home': 'Home',
  'nav.projects': 'Projects',
  'nav.blog': 'Blog',
  'nav.faq': 'FAQ',
  'nav.account': 'Account',
  'nav.signIn': 'Sign in',
  'nav.menu': 'Menu',
  'nav.closeMenu': 'Close menu',
  'nav.main': 'Main',
  'footer.legal': 'Legal',
  'footer.company': 'Moa',
  'footer.help': 'Help',
  'footer.rights': 'Investing in private offerings involves risk, including loss of capital.',
  'loading.label': 'Loading',
  'notFound.code': '404',
  'notFound.title': 'Page Not Found',
  'notFound.body':
    'The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.',
  'notFound.home': 'Back to Home',
  'error.title': 'Something Went Wrong',
  'error.body': "We're sorry, but something unexpected happened. Our team has been notified.",
  'error.retry': 'Try Again',
  'error.home': 'Back to Home',
  'fallback.notFound': 'Not Found',
  'fallback.error': 'Something went wrong!',
  'fallback.showError': 'Show Error',
  'fallback.hideError': 'Hide Error',
  'pwa.updateReady': 'A new version of Moa is ready.',
  'pwa.reload': 'Reload',
  'pwa.offlineReady': 'Moa is ready to work offline.',
  'pwa.install': 'Install app',
  'coming.title': 'Coming soon',
  'network.offline': 'You are offline. Showing what was last saved on this device.',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

const catalogues: Record<string, Catalogue> = { en };

export const UNKNOWN_ERROR_MESSAGE = '알 수 없는 오류가 발생했습니다.';

let current: Catalogue = en;

export function setLanguage(language: string): void {
  current = catalogues[language] ?? en;
}

/** `t('key', { name: 'Moa' })` replaces `{name}` in the message. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const message = current[key] ?? en[key];
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
