import type { Translation } from '../types';
import type { texts as english } from '../en/faq';

/** Frequently asked questions. */
export const texts = {
  'faq.eyebrow': '고객 지원',
  'faq.title': '자주 묻는 질문',
  'faq.description': 'Moa의 로그인, 본인 인증, 투자, 결제, 보유 혜택, 거버넌스, 투자 위험에 관한 답변입니다.',
  'faq.search': '답변 검색',
  'faq.searchPlaceholder': '예: 결제, 투표, 본인 인증',
  'faq.results': '{count}개의 답변을 찾았습니다',
  'faq.noResults': '“{query}”에 맞는 답변이 없습니다. 다른 단어로 검색하거나 문의해 주세요.',
  'faq.copyLink': '이 답변의 링크 복사',
  'faq.copied': '링크를 복사했습니다',
  'faq.groups': '주제',
  'faq.stillStuck': '원하는 답을 찾지 못하셨나요?',
} satisfies Translation<typeof english>;
