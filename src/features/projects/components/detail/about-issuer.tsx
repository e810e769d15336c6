import type { ProductDetail } from '../../../../domain/products';
import { t } from '../../../../lib/i18n';
import { SectionCard } from './section-card';

export function AboutIssuer({ project }: { project: ProductDetail }) {
  const about = project.about;
  if (!about) return null;
  const facts = [
    { label: t('project.founded'), value: about.founded },
    { label: t('project.employees'), value: about.employees },
    { label: t('project.form'), value: about.form },
    { label: t('project.address'), value: about.address },
  ].filter((fact) => fact.value !== null && fact.value !== undefined);
  return (
    <SectionCard id="about-heading" title={t('project.about')}>
      <p className="font-semibold text-ink">{about.legalName}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-ink-muted">{fact.label}</dt>
            <dd className="text-ink">{fact.value}</dd>
          </div>
        ))}
        {about.website ? (
          <div>
            <dt className="text-ink-muted">{t('project.website')}</dt>
            <dd>
              <a href={about.website} className="text-link" target="_blank" rel="noopener noreferrer">
                {about.website.replace(/^https?:\/\//, '')}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {about.locationImage ? (
        <img
          src={about.locationImage}
          alt={t('project.locationOf', { name: about.legalName })}
          className="mt-4 aspect-[4/3] w-full rounded-lg object-cover sm:max-w-sm"
          loading="lazy"
          width={800}
          height={600}
        />
      ) : null}
      {about.teamMembers.length ? (
        <>
          <h3 className="mt-6 font-bold text-ink">{t('project.team')}</h3>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {about.teamMembers.map((member) => (
              <li key={member.id} className="flex gap-3">
                {member.image ? (
                  <img
                    src={member.image}
                    alt=""
                    className="h-14 w-14 shrink-0 rounded-full"
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                ) : null}
                <div>
                  <p className="font-semibold text-ink">{member.name}</p>
                  <p className="text-sm text-brand-800">{member.role}</p>
                  <p className="mt-1 text-sm text-ink-soft">{member.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {about.socialLinks.length ? (
        <ul className="mt-5 flex flex-wrap gap-3">
          {about.socialLinks.map((link) => (
            <li key={link.id}>
              <a href={link.url} className="text-link text-sm" target="_blank" rel="noopener noreferrer">
                {link.platform}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}
