import type { Translation } from '../types';
import type { texts as english } from '../en/operator';

/** 운영자 콘솔: 심사, 결제, 승인, 감사 기록, 사용자. */
export const texts = {
  'operator.eyebrow': '운영자 콘솔',
  'operator.offline': '오프라인 상태입니다. 운영자 콘솔은 온라인에서만 작동하며 이 기기에 아무것도 저장하지 않습니다.',
  'operator.loading': '불러오는 중…',
  'operator.retry': '다시 시도',
  'operator.refused.title': '운영자 전용 콘솔입니다',
  'operator.refused.body': '이 계정에는 운영자 권한이 없습니다(ROLE_REQUIRED). 로그인은 유지됩니다.',
  'operator.refused.back': '내 계정으로 돌아가기',
  'operator.nav.label': '운영자 콘솔',
  'operator.nav.today': '오늘',
  'operator.today.title': '오늘',
  'operator.today.intro': '처리를 기다리는 일과 대기 시간입니다.',
  'operator.today.oldest': '가장 오래된 대기 {age}',
  'operator.today.nothing': '대기 중인 항목 없음',
  'operator.today.notTracked': '아직 집계하지 않음',
  'operator.queue.IDENTITY_CHECKS': '본인 확인',
  'operator.queue.INVESTOR_VERIFICATIONS': '투자자 인증',
  'operator.queue.WHITELIST_REQUESTS': '접근 요청',
  'operator.queue.DECLARED_PAYMENTS': '신고된 입금',
  'operator.queue.UNMATCHED_STATEMENT_LINES': '대사되지 않은 거래내역',
  'operator.queue.GIFT_CLAIMS_TO_SHIP': '배송할 선물 신청',
  'operator.queue.REPORTED_POSTS': '신고된 게시글',
  'operator.queue.APPROVALS_WAITING': '승인 대기',
} satisfies Translation<typeof english>;
