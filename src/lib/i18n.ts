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
  'blog.eyebrow': 'Stories',
  'blog.title': 'Blog',
  'blog.description':
    'Field notes from the projects on Moa: how K-pop royalties are paid, what a hanwoo herd costs to raise, why a Seoul kitchen is worth backing.',
  'blog.intro':
    'Field notes from the people behind our projects: where the money comes from, what can go wrong, and how holders have their say.',
  'blog.readTime': '{minutes} min read',
  'blog.loadMore': 'Load more posts',
  'blog.loadingMore': 'Loading more posts',
  'blog.loadMoreFailed': 'More posts could not be loaded. Check your connection and try again.',
  'blog.end': 'You have read the list to the end: {count} posts.',
  'blog.empty': 'No posts have been published yet. Check back soon.',
  'blog.back': 'All posts',
  'blog.more': 'More from the blog',
  'blog.offlineSavedAt': 'You are offline. This is the copy saved on this device on',
  'blog.offlineSaved': 'You are offline. This is the copy saved on this device.',
  'contact.eyebrow': 'Help',
  'contact.title': 'Contact us',
  'contact.description': 'Write to the Moa team about an offering, your account, a payment or a partnership.',
  'contact.intro':
    'Questions about a project, your account or a payment? Write to us: a person on our team reads every message and usually answers within two working days.',
  'contact.name': 'Your name',
  'contact.email': 'Email address',
  'contact.emailHint': 'We reply here, and send you a copy of your message.',
  'contact.topic': 'Topic',
  'contact.topicPlaceholder': 'Choose a topic',
  'contact.topic.investing': 'Investing in a project',
  'contact.topic.account': 'My account or identity check',
  'contact.topic.payments': 'A payment',
  'contact.topic.partnerships': 'Listing a project on Moa',
  'contact.topic.press': 'Press',
  'contact.topic.other': 'Something else',
  'contact.message': 'Message',
  'contact.messageHint': '{count} of {max} characters',
  'contact.send': 'Send message',
  'contact.sending': 'Sending',
  'contact.fixErrors': 'Please correct the highlighted fields.',
  'contact.sentTitle': 'Thank you, your message is on its way',
  'contact.sentBody': 'We sent a confirmation to {email}. Your reference is #{id}.',
  'contact.another': 'Write another message',
  'contact.safety': 'Moa will never ask for your password, sign-in codes or recovery codes.',
  'contact.elsewhere': 'Looking for a quick answer?',
  'contact.elsewhereBody':
    'Most questions about signing in, identity checks, payments and votes are answered in the FAQ.',
  'contact.faqLink': 'Read the FAQ',
  'faq.eyebrow': 'Help',
  'faq.title': 'Frequently asked questions',
  'faq.description':
    'Answers about signing in, identity checks, investing, payments, gifts, governance and risk on Moa.',
  'faq.search': 'Search the answers',
  'faq.searchPlaceholder': 'For example: payment, vote, KYC',
  'faq.results': '{count} answers match',
  'faq.noResults': 'No answer matches "{query}". Try another word, or write to us.',
  'faq.copyLink': 'Copy link to this answer',
  'faq.copied': 'Link copied',
  'faq.groups': 'Topics',
  'faq.stillStuck': 'Did not find your answer?',
  'legal.eyebrow': 'Legal',
  'legal.updated': 'Last updated',
  'legal.contents': 'On this page',
  'about.eyebrow': 'About',
  'about.others': 'More stories',
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
