import { createFileRoute } from '@tanstack/react-router';
import { ContactElsewhere } from '../../features/contact/components/contact-elsewhere';
import { ContactForm } from '../../features/contact/components/contact-form';
import { pageHead } from '../../lib/head';
import { t } from '../../lib/i18n';

export const Route = createFileRoute('/contact-us/')({
  staticData: { texts: ['contact', 'validation'] },
  head: () => pageHead(t('contact.title'), t('contact.description')),
  component: ContactPage,
});

function ContactPage() {
  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">{t('contact.eyebrow')}</p>
      <h1 className="page-title mt-2">{t('contact.title')}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1.4fr_1fr]">
        <ContactForm />
        <ContactElsewhere />
      </div>
    </section>
  );
}
