// @unocss-include: icon classes in this content are generated like those written in components.
import type { AboutProduct } from '../../domain/about';

export const landing = {
  eyebrow: 'Why Moa',
  title: 'Own a piece of the culture you love',
  lead: 'Moa turns the things that make Korean culture travel the world (chart-topping music catalogues, drama and film rights, restaurants, hanwoo herds and craft houses) into tokens you can own from a few dollars.',
  primary: 'Browse projects',
  secondary: 'How Moa works',
  themesTitle: 'Five ways to own a share',
  themes: [
    {
      slug: 'k-pop-royalties',
      title: 'Music royalties',
      body: 'Earn when a catalogue is streamed, broadcast or licensed.',
    },
    {
      slug: 'drama-and-film',
      title: 'Drama and film',
      body: 'Share in licences, remakes and soundtracks after the finale.',
    },
    {
      slug: 'k-food',
      title: 'Restaurants and K-food',
      body: 'A cut of revenue from kitchens and food brands you can visit.',
    },
    { slug: 'hanwoo', title: 'Hanwoo herds', body: 'Korean beef cattle, raised on partner farms, sold at auction.' },
    { slug: 'craft', title: 'Craft and culture', body: 'Workshops keeping onggi, hanji and lacquer alive.' },
  ] satisfies Array<{ slug: AboutProduct; title: string; body: string }>,
  trustTitle: 'Built so you can check, not just trust',
  trust: [
    {
      icon: 'i-lucide-landmark',
      title: 'Assets in custody',
      body: 'Every project owns its asset through its own vehicle, with documents held by an independent custodian.',
    },
    {
      icon: 'i-lucide-shield-check',
      title: 'Every investor verified',
      body: 'Identity checks for everyone, investor-status checks where the law asks, enforced by our servers.',
    },
    {
      icon: 'i-lucide-file-text',
      title: 'Reports every month',
      body: 'Sellers publish weigh-ins, statements and sales in each project\u2019s notices, where holders can ask questions.',
    },
    {
      icon: 'i-lucide-vote',
      title: 'Holders decide',
      body: 'Proposals and agendas, votes weighted by holdings, results published with turnout.',
    },
  ],
  stepsTitle: 'How it works',
  steps: [
    { title: 'Choose a project', body: 'Read its story, documents, risks and the gifts holders receive.' },
    { title: 'Verify once', body: 'Sign in, add two-step sign-in and check your identity a single time.' },
    { title: 'Invest and pay', body: 'Reserve tokens, sign the contract, pay by bank or crypto.' },
    { title: 'Hold, earn and vote', body: 'Receive distributions with their statements and vote on what comes next.' },
  ],
  blogTitle: 'From the blog',
  blogLink: 'Read the blog',
  ctaTitle: 'Start with something you already love',
  ctaBody: 'Browse the open projects, read their documents, and invest only what you can afford to lose.',
  riskNote: 'Investing in private offerings involves risk, including loss of capital. Read the disclaimers.',
};
