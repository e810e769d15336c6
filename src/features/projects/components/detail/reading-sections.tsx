import { DocumentHistory } from '../document-history';
import { Link } from '@tanstack/react-router';
import type { ProductDetail } from '../../../../domain/products';
import { t } from '../../../../lib/i18n';
import { CopyButton } from '../../../../ui/copy-button';
import { isContractAddress, shortenAddress } from '../../format';
import { SectionCard } from './section-card';

export function CustomSections({ project }: { project: ProductDetail }) {
  return project.customSections.map((section) => (
    <SectionCard key={section.id} id={`custom-${section.id}`} title={section.title}>
      <p className="text-ink-soft">{section.content}</p>
    </SectionCard>
  ));
}

export function Faqs({ project }: { project: ProductDetail }) {
  if (!project.faqs.length) return null;
  return (
    <SectionCard id="faq-heading" title={t('project.faq')}>
      <div className="divide-y divide-line">
        {project.faqs.map((faq) => (
          <details key={faq.id} className="group py-1">
            <summary className="focus-ring flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-sm font-semibold text-ink">
              {faq.title}
              <span
                className="i-lucide-chevron-down shrink-0 motion-safe:transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="pb-3 text-sm text-ink-soft">{faq.description}</p>
          </details>
        ))}
      </div>
    </SectionCard>
  );
}

export function Risks({ project }: { project: ProductDetail }) {
  return (
    <SectionCard id="risks-heading" title={t('project.risks')}>
      <ul className="space-y-3">
        {project.risks.map((risk) => (
          <li key={risk.id} className="flex gap-3">
            <span className="i-lucide-triangle-alert mt-1 shrink-0 text-coral-600" aria-hidden="true" />
            <div>
              <p className="font-semibold text-ink">{risk.title}</p>
              <p className="text-sm text-ink-soft">{risk.description}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-5 rounded-lg bg-coral-50 p-4 text-sm text-coral-900" role="note">
        <p className="font-bold">{t('project.disclaimer')}</p>
        <p className="mt-1">{project.investmentRiskDisclaimer}</p>
      </div>
    </SectionCard>
  );
}

export function Documents({ project }: { project: ProductDetail }) {
  if (!project.documents.length) return null;
  return (
    <SectionCard id="documents-heading" title={t('project.documents')}>
      {project.documentDescription ? <p className="mb-3 text-sm text-ink-soft">{project.documentDescription}</p> : null}
      <ul className="space-y-2">
        {project.documents.map((doc) => (
          <li key={doc.id}>
            <a
              href={doc.url}
              className="focus-ring flex items-start gap-3 rounded-md p-2 hover:bg-brand-50"
              aria-label={t('project.download', { name: doc.name })}
            >
              <span className="i-lucide-file-text mt-0.5 shrink-0 text-xl text-brand-700" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-ink">{doc.name}</span>
                <span className="block text-sm text-ink-soft">{doc.description}</span>
              </span>
            </a>
            <DocumentHistory name={doc.name} versions={doc.versions} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function PayMethods({ project }: { project: ProductDetail }) {
  if (!project.payMethods.length) return null;
  return (
    <SectionCard id="pay-heading" title={t('project.payMethods')}>
      <ul className="space-y-3">
        {project.payMethods.map((method) => (
          <li key={method.id} className="rounded-md bg-paper p-3">
            <p className="flex items-center gap-2 font-semibold text-ink">
              <span
                className={method.payMethodType === 'ACCOUNT' ? 'i-lucide-landmark' : 'i-lucide-coins'}
                aria-hidden="true"
              />
              {method.name}
            </p>
            <div className="mt-1 flex items-center justify-between gap-3">
              <p className="min-w-0 break-all font-mono text-sm text-ink">{method.address}</p>
              <CopyButton value={method.address} label={t('project.payCopy', { name: method.name })} />
            </div>
            <p className="text-xs text-ink-muted">
              {method.payMethodType === 'ACCOUNT' ? t('project.payAccount') : t('project.payCrypto')} · {method.alias}
            </p>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

const communityRoutes = {
  PROPOSAL: '/governance/proposal/$productId',
  AGENDA: '/governance/agenda/$productId',
  UPDATE: '/governance/notice/$productId',
  DISCUSSION: '/governance/community/$productId',
  REVIEW: '/governance/community/$productId',
  COMMUNITY: '/governance/community/$productId',
} as const;

export function CommunityLinks({ project }: { project: ProductDetail }) {
  if (!project.communitySections.length) return null;
  return (
    <SectionCard id="community-heading" title={t('project.community')}>
      <ul className="divide-y divide-line">
        {project.communitySections.map((section) => (
          <li key={section.id} className="flex min-h-11 items-center justify-between gap-3 text-sm">
            <Link
              to={communityRoutes[section.type]}
              params={{ productId: project.id }}
              className="text-link font-semibold"
            >
              {t(`project.community.${section.type}`)}
            </Link>
            <span className="text-xs text-ink-muted">{t(`project.view.${section.viewType}`)}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/** The token contract, shortened as wallets show it, with the full address to copy. Hidden unless valid. */
export function ContractAddress({ project }: { project: ProductDetail }) {
  const address = project.contractAddress;
  if (!address || !isContractAddress(address)) return null;
  return (
    <div className="card flex items-center justify-between gap-3 p-4 text-sm">
      <p className="min-w-0">
        <span className="block text-ink-muted">{t('project.contract')}</span>
        <span className="font-mono font-semibold text-ink" title={address}>
          {shortenAddress(address)}
        </span>
        <span className="sr-only">: {address}</span>
      </p>
      <CopyButton value={address} label={t('project.contractCopy')} />
    </div>
  );
}
