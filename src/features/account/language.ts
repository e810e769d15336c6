import type { Language } from '../../domain/language';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schema loads with the first response that needs it, not with the page.
const languageSchemas = () => import('../../domain/language');

/** The investor's language on the server, so mails and messages follow it on every device. */
export function saveLanguage(language: Language) {
  return api.request('/api/v1/users/me/language', {
    method: 'PUT',
    body: { language },
    schema: loadSchema(languageSchemas, 'languageResponseSchema'),
  });
}
