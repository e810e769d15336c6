import { toast } from 'sonner';
import { useSaveLanguage } from '../../../../../features/account/mutations';
import { t } from '../../../../../lib/i18n';
import { LanguageSwitch } from '../../../../../ui/language-switch';
import { Section } from './section';

/** The language of screens (this device) and of mails and messages (the account). */
export function LanguageSection() {
  const save = useSaveLanguage({
    onSuccess: () => toast.success(t('settings.languageSaved')),
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Section title={t('settings.language')} description={t('settings.languageHint')}>
      <LanguageSwitch showLabel onChosen={(locale) => save.mutate(locale)} className="justify-between" />
    </Section>
  );
}
