import type { governance as english } from '../en/governance';
import type { Translation } from '../types';

/** 공지·커뮤니티 글 상세, 글 수정, 배지의 한국어 문구. */
export const governance = {
  'governance.backToNotices': '← 공지 목록',
  'governance.backToCommunity': '← 글 목록',
  'governance.notice': '공지',
  'governance.thread': '게시글',
  'governance.openThread': '게시글과 답글 보기',
  'governance.carriesOutAgenda': '보유자 투표로 결정된 안건을 이행하는 공지입니다.',
  'governance.seeAgenda': '안건 보기',
  'governance.edit': '수정',
  'governance.save': '저장',
  'governance.cancel': '취소',
  'governance.saved': '저장했습니다',
  'governance.edited': '수정됨',
  'governance.offlineEdit': '오프라인 상태입니다. 수정, 삭제, 신고는 인터넷에 연결된 뒤 할 수 있습니다.',
  'governance.badge': '커뮤니티 배지: {name}',
  'governance.noAnswers': '아직 답글이 없습니다.',
  'governance.reportTitle': '이 글을 모아 운영팀에 신고',
  'governance.reportSend': '신고하기',
} satisfies Translation<typeof english>;
