import type { Language } from '../../domain/language';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schema loads with the first response that needs it, not with the page.
const languageSchemas = () => import('../../domain/language');

/** The investor's language on the server, so mails and messages follow it on every device. */
export function saveLanguage(language: Language) {
  told = language;
  return api
    .request('/api/v1/users/me/language', {
      method: 'PUT',
      body: { language },
      schema: loadSchema(languageSchemas, 'languageResponseSchema'),
    })
    .catch((error: unknown) => {
      // Not kept: the next profile read tells it again.
      if (told === language) told = null;
      throw error;
    });
}

/** The language last sent to the account from this page. */
let told: Language | null = null;

/**
 * The device's language for the account, sent once per change: a profile read again while a
 * change is on its way (a live update, a refetch) does not send the same language a second time.
 */
export function tellAccountLanguage(language: Language): Promise<unknown> {
  return told === language ? Promise.resolve() : saveLanguage(language);
}
