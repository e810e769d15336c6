import { isLanguage, type Language } from '../../src/domain/language-tags';
import { formatMinorUnitsIn } from '../../src/domain/money';
import { renderNotification, type NotificationParams } from '../../src/domain/notification-params';
import { notificationTexts, type NotificationTextKey } from '../../src/domain/notification-texts';
import { notificationTextsKo } from '../../src/domain/notification-texts.ko';
import type { NotificationType } from '../../src/domain/notifications';

/**
 * A notification written in one language on the server: push messages in the account's
 * language, and the English text stored beside the parameters for clients that do not render
 * them. The words are the client's catalogue entries (src/domain/notification-texts*.ts).
 */
const catalogues: Record<Language, Record<NotificationTextKey, string>> = {
  en: notificationTexts,
  ko: notificationTextsKo,
};
const formatTags: Record<Language, string> = { en: 'en-US', ko: 'ko-KR' };

/** The account's stored language, English when it has none. */
export function accountLanguage(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : 'en';
}

export function notificationText(
  language: Language,
  notification: { type: NotificationType; params: NotificationParams | null; title: string; body: string },
): { title: string; body: string } {
  const tag = formatTags[language];
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return renderNotification(notification, (key) => catalogues[language][key], {
    money: (minor, currency) => formatMinorUnitsIn(minor, currency, tag),
    // Push messages are read anywhere: the instant says its zone.
    dateTime: (iso) => `${dateTime.format(new Date(iso))} UTC`,
  });
}

/** Stored params (JSON text) back to names and strings; null when absent or unreadable. */
export function parseNotificationParams(stored: string | null): NotificationParams | null {
  if (stored === null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.every(([, item]) => typeof item === 'string') ? (value as NotificationParams) : null;
  } catch {
    return null;
  }
}
