import type { ContactTopic } from '../../src/domain/contact';
import type { Language } from '../../src/domain/language';

/**
 * Every mail an investor receives, in their language. Korean is written for Korean readers in
 * the 합니다 register (not translated line by line); English is the reference wording.
 */
export interface MailText {
  subject: string;
  text: string;
}

export function signInCodeMail(language: Language, values: { code: string; minutes: number }): MailText {
  if (language === 'ko') {
    return {
      subject: `[Moa] 로그인 인증 코드 ${values.code}`,
      text: [
        `Moa 로그인 인증 코드는 ${values.code} 입니다.`,
        '',
        `코드를 요청하신 브라우저에서 ${values.minutes}분 안에 한 번만 사용할 수 있습니다.`,
        '본인이 로그인을 시도하지 않았다면 이 메일은 무시하셔도 됩니다.',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your Moa sign-in code',
    text: `Your Moa sign-in code is ${values.code}.\n\nIt works once, for ${values.minutes} minutes, in the browser where you asked for it.\nIf you did not try to sign in, you can ignore this email.`,
  };
}

export function emailChangeCodeMail(language: Language, values: { code: string; minutes: number }): MailText {
  if (language === 'ko') {
    return {
      subject: '[Moa] 새 이메일 주소를 확인해 주세요',
      text: [
        `이메일 변경 확인 코드는 ${values.code} 입니다.`,
        '',
        `${values.minutes}분 안에 Moa 계정 설정에 이 코드를 입력하시면 이 주소로 로그인하실 수 있습니다.`,
        '요청하신 적이 없다면 이 메일은 무시하셔도 됩니다.',
      ].join('\n'),
    };
  }
  return {
    subject: 'Confirm your new Moa email address',
    text: `Your confirmation code is ${values.code}.\n\nEnter it in your Moa account settings within ${values.minutes} minutes to make this your sign-in address.\nIf you did not ask for this, you can ignore this email.`,
  };
}

export function emailChangedMail(language: Language, values: { newEmail: string }): MailText {
  if (language === 'ko') {
    return {
      subject: '[Moa] 로그인 이메일 주소가 변경되었습니다',
      text: [
        `Moa 계정의 로그인 이메일 주소가 ${values.newEmail}(으)로 변경되었습니다.`,
        '본인이 변경하지 않았다면 즉시 고객센터로 연락해 주세요.',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your Moa email address was changed',
    text: `The sign-in address of your Moa account was changed to ${values.newEmail}.\nIf this was not you, contact us right away.`,
  };
}

const topicLabels: Record<Language, Record<ContactTopic, string>> = {
  en: {
    investing: 'Investing in a project',
    account: 'My account or identity check',
    payments: 'A payment',
    partnerships: 'Listing a project on Moa',
    press: 'Press',
    other: 'Something else',
  },
  ko: {
    investing: '프로젝트 투자',
    account: '계정 및 본인 인증',
    payments: '결제',
    partnerships: 'Moa 프로젝트 등록 제휴',
    press: '언론 문의',
    other: '기타 문의',
  },
};

export function contactTopicLabel(language: Language, topic: ContactTopic): string {
  return topicLabels[language][topic];
}

/**
 * The receipt for a contact message. Nothing the sender typed is repeated: the address is
 * unverified, so an echo would let anyone send their own words to anyone from Moa's address.
 * Only fixed text, the topic (one of a fixed list) and the reference number.
 */
export function contactReceiptMail(language: Language, values: { topic: ContactTopic; id: number }): MailText {
  const topic = contactTopicLabel(language, values.topic);
  if (language === 'ko') {
    return {
      subject: '[Moa] 문의가 접수되었습니다',
      text: [
        '안녕하세요, Moa입니다.',
        '',
        `‘${topic}’ 관련 문의를 보내 주셔서 감사합니다. 담당자가 모든 문의를 직접 확인하며, 보통 영업일 기준 2일 안에 답변드립니다.`,
        '',
        `접수 번호는 #${values.id} 입니다. 문의하신 적이 없다면 이 메일은 무시하셔도 됩니다.`,
        '',
        'Moa는 이메일로 비밀번호, 로그인 코드, 복구 코드를 절대 묻지 않습니다.',
      ].join('\n'),
    };
  }
  return {
    subject: 'We received your message',
    text: [
      'Hello,',
      '',
      `Thank you for writing to Moa about "${topic}". A member of our team reads every message and usually answers within two working days.`,
      '',
      `Your reference is #${values.id}. If you did not write to us, you can ignore this email.`,
      '',
      'Moa never asks for your password, sign-in codes or recovery codes by email.',
    ].join('\n'),
  };
}
