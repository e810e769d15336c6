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

export type OrderNotice = 'PAYMENT_CONFIRMED' | 'PAYMENT_REJECTED' | 'ORDER_EXPIRED' | 'ORDER_REFUNDED';

/**
 * An order or cash notice's mail, in one language. What the inbox and push messages say is the
 * notification catalogue's (server/i18n/notifications.ts).
 */
export interface OrderNoticeText {
  mail: MailText;
}

/**
 * What an investor is told when an operator confirms or rejects their payment, or the order
 * expires or is refunded. `amount` is already written (e.g. "39.41 USD"); `reason` is the
 * operator's note, shown as it was written; `link` is the order's page when the address is known.
 */
export function orderNoticeText(
  language: Language,
  notice: OrderNotice,
  values: {
    reference: string;
    productName: string;
    quantity: number;
    amount: string;
    reason: string | null;
    link: string | null;
  },
): OrderNoticeText {
  const { reference, productName, quantity, amount } = values;
  if (language === 'ko') {
    const reason = values.reason ? `사유: ${values.reason}` : null;
    const texts: Record<OrderNotice, { subject: string; lines: Array<string | null> }> = {
      PAYMENT_CONFIRMED: {
        subject: `[Moa] 입금 확인: ${productName} 주문 ${reference}`,
        lines: [
          `${productName} 주문 ${reference}의 입금 ${amount}을 확인했습니다.`,
          `토큰 ${quantity}개가 보유 자산에 추가되었습니다.`,
        ],
      },
      PAYMENT_REJECTED: {
        subject: `[Moa] 입금 확인 불가: ${productName} 주문 ${reference}`,
        lines: [
          `${productName} 주문 ${reference}(${amount})의 입금을 확인하지 못해 주문이 취소되었습니다.`,
          reason,
          '이미 송금하셨다면 문의하기로 알려 주세요.',
        ],
      },
      ORDER_EXPIRED: {
        subject: `[Moa] 주문 만료: ${productName} 주문 ${reference}`,
        lines: [
          `${productName} 주문 ${reference}(${amount})의 납입 기한이 지나 주문이 만료되었습니다.`,
          '예약된 토큰은 다시 판매됩니다. 원하시면 새로 주문해 주세요.',
        ],
      },
      ORDER_REFUNDED: {
        subject: `[Moa] 환불: ${productName} 주문 ${reference}`,
        lines: [
          `${productName} 주문 ${reference}의 ${amount}이 환불되어 토큰 ${quantity}개가 보유 자산에서 빠졌습니다.`,
          reason,
        ],
      },
    };
    const chosen = texts[notice];
    const lines = [...chosen.lines, values.link ? `주문 보기: ${values.link}` : null];
    return {
      mail: { subject: chosen.subject, text: lines.filter((line) => line !== null).join('\n') },
    };
  }
  const reason = values.reason ? `Reason: ${values.reason}` : null;
  const texts: Record<OrderNotice, { subject: string; lines: Array<string | null> }> = {
    PAYMENT_CONFIRMED: {
      subject: `Payment confirmed: ${productName}, order ${reference}`,
      lines: [
        `We received your payment of ${amount} for ${productName} (order ${reference}).`,
        `${quantity} tokens are now in your holdings.`,
      ],
    },
    PAYMENT_REJECTED: {
      subject: `Payment not confirmed: ${productName}, order ${reference}`,
      lines: [
        `We could not match a payment of ${amount} for ${productName} (order ${reference}), so the order is cancelled.`,
        reason,
        'If you did send the money, tell us through the contact page.',
      ],
    },
    ORDER_EXPIRED: {
      subject: `Order expired: ${productName}, order ${reference}`,
      lines: [
        `Your order ${reference} for ${productName} (${amount}) passed its payment deadline and has expired.`,
        'Its tokens are on sale again; you are welcome to order anew.',
      ],
    },
    ORDER_REFUNDED: {
      subject: `Order refunded: ${productName}, order ${reference}`,
      lines: [
        `Your order ${reference} for ${productName} is refunded (${amount}); ${quantity} tokens left your holdings.`,
        reason,
      ],
    },
  };
  const chosen = texts[notice];
  const lines = [...chosen.lines, values.link ? `See your order: ${values.link}` : null];
  return { mail: { subject: chosen.subject, text: lines.filter((line) => line !== null).join('\n') } };
}

export type CashNotice = 'DEPOSIT_CREDITED' | 'WITHDRAWAL_PAID' | 'WITHDRAWAL_RETURNED';

/**
 * What an investor is told when a deposit is credited to their balance, or a withdrawal is
 * paid or returned. `amount` is already written (e.g. "39.41 USD"); `reason` is the operator's.
 */
export function cashNoticeText(
  language: Language,
  notice: CashNotice,
  values: { amount: string; reason: string | null; link: string | null },
): OrderNoticeText {
  const { amount } = values;
  const texts: Record<CashNotice, { line: string; subject: string }> =
    language === 'ko'
      ? {
          DEPOSIT_CREDITED: {
            line: `${amount}이 잔액에 입금되었습니다. 바로 투자에 사용할 수 있습니다.`,
            subject: `[Moa] 입금 반영: ${amount}`,
          },
          WITHDRAWAL_PAID: {
            line: `${amount} 출금이 지급되었습니다.`,
            subject: `[Moa] 출금 완료: ${amount}`,
          },
          WITHDRAWAL_RETURNED: {
            line: `${amount} 출금을 처리하지 못해 금액이 잔액으로 돌아왔습니다.${values.reason ? ` 사유: ${values.reason}` : ''}`,
            subject: `[Moa] 출금 반환: ${amount}`,
          },
        }
      : {
          DEPOSIT_CREDITED: {
            line: `${amount} arrived in your balance and is ready to invest.`,
            subject: `Deposit credited: ${amount}`,
          },
          WITHDRAWAL_PAID: {
            line: `Your withdrawal of ${amount} has been paid out.`,
            subject: `Withdrawal paid: ${amount}`,
          },
          WITHDRAWAL_RETURNED: {
            line: `We could not pay your withdrawal of ${amount}; it is back in your balance.${values.reason ? ` Reason: ${values.reason}` : ''}`,
            subject: `Withdrawal returned: ${amount}`,
          },
        };
  const chosen = texts[notice];
  const see = language === 'ko' ? '잔액 보기' : 'See your balance';
  const lines = [chosen.line, values.link ? `${see}: ${values.link}` : null];
  return { mail: { subject: chosen.subject, text: lines.filter((line) => line !== null).join('\n') } };
}
