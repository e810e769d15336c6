import type { NotificationTextKey } from './notification-texts';

/**
 * What each notification says, for Korean readers, in the app's 합니다 register: the same keys
 * and placeholders as the English reference (notification-texts.ts).
 */
export const notificationTextsKo: Record<NotificationTextKey, string> = {
  'notifications.text.PROPOSAL_CREATED.title': '{productName}에 새 제안이 올라왔습니다',
  'notifications.text.PROPOSAL_CREATED.body': '“{title}” 투표가 {endsAt}까지 진행됩니다.',
  'notifications.text.VOTE_FINISH.title': '{productName} 투표가 마감되었습니다',
  'notifications.text.VOTE_FINISH.body': '{productName}의 “{title}” 투표 결과: {outcome}. 결과를 확인해 보세요.',
  'notifications.text.AGENDA_CLOSED.title': '{productName} 안건이 마감되었습니다',
  'notifications.text.AGENDA_CLOSED.body': '{productName}의 “{title}” 안건 결과: {outcome}. 결과를 확인해 보세요.',
  'notifications.text.CONTRACT_SIGNED.title': '계약이 체결되었습니다',
  'notifications.text.CONTRACT_SIGNED.body':
    '{productName} 계약 {reference}에 서명이 완료되었습니다. 서명된 PDF는 내 문서에서 볼 수 있습니다.',
  'notifications.text.PROMOTE.title': '{title}',
  'notifications.text.PROMOTE.body': '{body}',
  'notifications.text.PAYMENT_CONFIRMED.title': '입금이 확인되었습니다',
  'notifications.text.PAYMENT_CONFIRMED.body':
    '{productName} 주문 {reference}의 입금 {amount}이 확인되어 토큰 {quantity}개가 보유 자산에 추가되었습니다.',
  'notifications.text.PAYMENT_REJECTED.title': '입금을 확인하지 못했습니다',
  'notifications.text.PAYMENT_REJECTED.body':
    '{productName} 주문 {reference}의 입금을 확인하지 못해 주문이 취소되었습니다.',
  'notifications.text.ORDER_EXPIRED.title': '주문이 만료되었습니다',
  'notifications.text.ORDER_EXPIRED.body': '{productName} 주문 {reference}의 납입 기한이 지나 주문이 만료되었습니다.',
  'notifications.text.ORDER_REFUNDED.title': '주문이 환불되었습니다',
  'notifications.text.ORDER_REFUNDED.body':
    '{productName} 주문 {reference}이 환불되어 토큰 {quantity}개가 보유 자산에서 빠졌습니다.',
  'notifications.text.DEPOSIT_CREDITED.title': '입금이 잔액에 반영되었습니다',
  'notifications.text.DEPOSIT_CREDITED.body': '{amount}이 잔액에 입금되었습니다. 바로 투자에 사용할 수 있습니다.',
  'notifications.text.WITHDRAWAL_PAID.title': '출금이 완료되었습니다',
  'notifications.text.WITHDRAWAL_PAID.body': '{amount} 출금이 지급되었습니다.',
  'notifications.text.WITHDRAWAL_RETURNED.title': '출금이 반환되었습니다',
  'notifications.text.WITHDRAWAL_RETURNED.body': '{amount} 출금을 처리하지 못해 금액이 잔액으로 돌아왔습니다.',
  'notifications.text.MARKET_ORDER_FILLED.title': '거래 체결: {productName}',
  'notifications.text.MARKET_ORDER_FILLED.body':
    '{side} 주문 {reference}에서 {quantity}토큰이 {amount}에 체결되었습니다. 주문 {ordered}토큰 중 {filled}토큰 체결 완료.',
  'notifications.side.BUY': '매수',
  'notifications.side.SELL': '매도',
  'notifications.text.reason': '사유: {reason}',
  'notifications.outcome.PASSED': '가결',
  'notifications.outcome.REJECTED': '부결',
  'notifications.outcome.NO_QUORUM': '정족수 미달로 종료',
};
