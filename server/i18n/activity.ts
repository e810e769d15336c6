import type { Language } from '../../src/domain/language-tags';

/**
 * How the account's activity list names where an event came from, in the reader's language
 * (the request's: server/i18n/language.ts). Browser and system names are the same everywhere.
 */
export interface ActivityText {
  unknownDevice: string;
  browserOn: (browser: string, system: string) => string;
  thisComputer: string;
  network: (prefix: string) => string;
  unknownNetwork: string;
  operator: string;
  platform: string;
}

const texts: Record<Language, ActivityText> = {
  en: {
    unknownDevice: 'Unknown device',
    browserOn: (browser, system) => `${browser} on ${system}`,
    thisComputer: 'This computer',
    network: (prefix) => `${prefix} network`,
    unknownNetwork: 'Unknown network',
    operator: 'Moa operator',
    platform: 'Moa',
  },
  ko: {
    unknownDevice: '알 수 없는 기기',
    browserOn: (browser, system) => `${system}의 ${browser}`,
    thisComputer: '이 컴퓨터',
    network: (prefix) => `${prefix} 네트워크`,
    unknownNetwork: '알 수 없는 네트워크',
    operator: 'Moa 운영자',
    platform: 'Moa',
  },
};

export function activityText(language: Language): ActivityText {
  return texts[language];
}
