import { lazy, type ComponentType } from 'react';
import type { MessageKey } from '../../../../lib/i18n';

/**
 * The console's screens, each a chunk of its own, reached at /operator/<name>. They hang off one
 * route (/operator/$), so the investor's first page carries one route entry for the whole console
 * however many screens it grows (decision 1802). A new screen adds a line here.
 */
export interface Screen {
  label: MessageKey;
  icon: string;
  /** A seller reaches only the screens with a seller's version (its projects). */
  isAdminOnly: boolean;
  component: ComponentType<{ rest: string }>;
}

const screen = (load: () => Promise<{ default: ComponentType<{ rest: string }> }>) => lazy(load);

export const screens: Record<string, Screen> = {
  '': {
    label: 'operator.nav.today',
    icon: 'i-lucide-inbox',
    isAdminOnly: false,
    component: screen(() => import('./today')),
  },
  reviews: {
    label: 'operator.nav.reviews',
    icon: 'i-lucide-id-card',
    isAdminOnly: true,
    component: screen(() => import('./reviews')),
  },
  payments: {
    label: 'operator.nav.payments',
    icon: 'i-lucide-banknote',
    isAdminOnly: false,
    component: screen(() => import('./payments')),
  },
  approvals: {
    label: 'operator.nav.approvals',
    icon: 'i-lucide-stamp',
    isAdminOnly: true,
    component: screen(() => import('./approvals')),
  },
  audit: {
    label: 'operator.nav.audit',
    icon: 'i-lucide-scroll-text',
    isAdminOnly: true,
    component: screen(() => import('./audit')),
  },
  statements: {
    label: 'operator.statements.nav',
    icon: 'i-lucide-landmark',
    isAdminOnly: true,
    component: screen(() => import('./statements')),
  },
};
