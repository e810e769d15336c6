import type { texts as account } from './en/account';
import type { texts as auth } from './en/auth';
import type { texts as blog } from './en/blog';
import type { texts as catalogue } from './en/catalogue';
import type { texts as contact } from './en/contact';
import type { texts as faq } from './en/faq';
import type { texts as governance } from './en/governance';
import type { texts as home } from './en/home';
import type { texts as identity } from './en/identity';
import type { texts as invest } from './en/invest';
import type { texts as legal } from './en/legal';
import type { texts as notifications } from './en/notifications';
import type { texts as operator } from './en/operator';
import type { texts as shell } from './en/shell';
import type { texts as site } from './en/site';
import type { texts as validation } from './en/validation';

/**
 * The catalogue's areas, each a file in en/ and ko/ with the same keys. Types only: the
 * texts themselves load with the pages that use them (index.ts).
 */
interface Areas {
  account: typeof account;
  auth: typeof auth;
  blog: typeof blog;
  catalogue: typeof catalogue;
  contact: typeof contact;
  faq: typeof faq;
  governance: typeof governance;
  home: typeof home;
  identity: typeof identity;
  invest: typeof invest;
  legal: typeof legal;
  notifications: typeof notifications;
  operator: typeof operator;
  shell: typeof shell;
  site: typeof site;
  validation: typeof validation;
}

/** An area a route asks for (`staticData.texts`); the shell is always there. */
export type TextArea = Exclude<keyof Areas, 'shell'>;

export type MessageKey = { [Area in keyof Areas]: keyof Areas[Area] & string }[keyof Areas];
