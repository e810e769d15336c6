import { lazy, type ComponentType } from 'react';
import type { MessageKey } from '../../../../lib/i18n';

/**
 * The console's screens, each a chunk of its own, reached at /operator/<name>. They hang off one
 * route (/operator/$), so the investor's first page carries one route entry for the whole console
 * however many screens it grows (decision 1802). A new screen adds a line here.
 */
export interface Screen {
  label: MessageKey;
  /**
   * An icon class the stylesheet already has: class names in .ts files are not read when the
   * stylesheet is built, and a new icon would grow the investor's first stylesheet.
   */
  icon: string;
  /** A seller reaches only the screens with a seller's version (its projects). */
  isAdminOnly: boolean;
  component: ComponentType<{ rest: string }>;
}

const screen = (load: () => Promise<{ default: ComponentType<{ rest: string }> }>) => lazy(load);

export const screens: Record<string, Screen> = {
  '': {
    label: 'operator.nav.today',
    icon: 'i-lucide-layout-dashboard',
    isAdminOnly: false,
    component: screen(() => import('./today')),
  },
  reviews: {
    label: 'operator.nav.reviews',
    icon: 'i-lucide-scan-search',
    isAdminOnly: true,
    component: screen(() => import('./reviews')),
  },
  payments: {
    label: 'operator.nav.payments',
    icon: 'i-lucide-banknote',
    isAdminOnly: false,
    component: screen(() => import('./payments')),
  },
  orders: {
    label: 'operator.orders.nav',
    icon: 'i-lucide-receipt',
    isAdminOnly: false,
    component: screen(() => import('./orders')),
  },
  whitelist: {
    label: 'operator.whitelist.nav',
    icon: 'i-lucide-lock',
    isAdminOnly: false,
    component: screen(() => import('./whitelist')),
  },
  approvals: {
    label: 'operator.nav.approvals',
    icon: 'i-lucide-check-check',
    isAdminOnly: true,
    component: screen(() => import('./approvals')),
  },
  audit: {
    label: 'operator.nav.audit',
    icon: 'i-lucide-history',
    isAdminOnly: true,
    component: screen(() => import('./audit')),
  },
  projects: {
    label: 'operator.nav.projects',
    icon: 'i-lucide-coins',
    isAdminOnly: false,
    component: screen(() => import('./projects')),
  },
  market: {
    label: 'operator.market.nav',
    icon: 'i-lucide-arrow-up-down',
    isAdminOnly: false,
    component: screen(() => import('./market')),
  },
  statements: {
    label: 'operator.statements.nav',
    icon: 'i-lucide-landmark',
    isAdminOnly: true,
    component: screen(() => import('./statements')),
  },
  blog: {
    label: 'operator.nav.blog',
    icon: 'i-lucide-newspaper',
    isAdminOnly: true,
    component: screen(() => import('./blog')),
  },
  people: {
    label: 'operator.people.nav',
    icon: 'i-lucide-user-round',
    isAdminOnly: true,
    component: screen(() => import('./people')),
  },
  gifts: {
    label: 'operator.gifts.nav',
    icon: 'i-lucide-gift',
    isAdminOnly: false,
    component: screen(() => import('./gifts')),
  },
  revenue: {
    label: 'operator.nav.revenue',
    icon: 'i-lucide-coins',
    isAdminOnly: true,
    component: screen(() => import('./revenue')),
  },
  governance: {
    label: 'operator.nav.governance',
    icon: 'i-lucide-vote',
    isAdminOnly: false,
    component: screen(() => import('./governance')),
  },
};
