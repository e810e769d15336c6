/** Frequently asked questions. */
export const texts = {
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
};
