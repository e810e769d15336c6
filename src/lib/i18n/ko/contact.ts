import type { Translation } from '../types';
import type { texts as english } from '../en/contact';

/** The contact form and its topics. */
export const texts = {
  'contact.eyebrow': '고객 지원',
  'contact.title': '문의하기',
  'contact.description': '투자 상품, 계정, 결제, 제휴에 관해 Moa 팀에 문의하세요.',
  'contact.intro':
    '프로젝트, 계정, 결제에 궁금한 점이 있으신가요? 담당자가 모든 문의를 직접 읽고, 보통 영업일 기준 2일 안에 답변드립니다.',
  'contact.name': '이름',
  'contact.email': '이메일 주소',
  'contact.emailHint': '이 주소로 답변과 문의 내용 사본을 보내 드립니다.',
  'contact.topic': '문의 유형',
  'contact.topicPlaceholder': '문의 유형 선택',
  'contact.topic.investing': '프로젝트 투자',
  'contact.topic.account': '계정 및 본인 인증',
  'contact.topic.payments': '결제',
  'contact.topic.partnerships': 'Moa 프로젝트 등록 제휴',
  'contact.topic.press': '언론 문의',
  'contact.topic.other': '기타 문의',
  'contact.message': '문의 내용',
  'contact.messageHint': '{count}/{max}자',
  'contact.send': '문의 보내기',
  'contact.sending': '보내는 중',
  'contact.fixErrors': '표시된 항목을 확인해 주세요.',
  'contact.sentTitle': '감사합니다. 문의가 접수되었습니다',
  'contact.sentBody': '{email}(으)로 접수 확인 메일을 보냈습니다. 접수 번호는 #{id}입니다.',
  'contact.another': '다른 문의 작성하기',
  'contact.safety': 'Moa는 비밀번호, 로그인 코드, 복구 코드를 절대 묻지 않습니다.',
  'contact.elsewhere': '빠른 답변이 필요하신가요?',
  'contact.elsewhereBody': '로그인, 본인 인증, 결제, 투표에 관한 질문은 대부분 자주 묻는 질문에 답이 있습니다.',
  'contact.faqLink': '자주 묻는 질문 보기',
} satisfies Translation<typeof english>;
