import type { Translation } from '../types';
import type { texts as english } from '../en/site';

/** Small standalone pages: service status, Google sign-in, gift links. */
export const texts = {
  'site.health.title': '서비스 상태',
  'site.health.ok': '모든 서비스 정상',
  'site.health.trouble': '서비스 장애 발생',
  'site.health.okBody': '앱과 데이터베이스가 정상적으로 응답하고 있습니다.',
  'site.health.troubleBody': '모아의 일부 기능이 응답하지 않습니다. 보유 자산은 안전하니 몇 분 뒤 다시 시도해 주세요.',
  'site.health.api': 'API',
  'site.health.answering': '정상 응답',
  'site.health.notAnswering': '응답 없음',
  'site.health.database': '데이터베이스',
  'site.health.up': '정상',
  'site.health.down': '중단',
  'site.health.version': '버전',
  'site.health.checking': '다시 확인하는 중…',
  'site.health.lastChecked': '마지막 확인 {time} · 30초마다 새로 고칩니다.',
  'site.gift.title': '특전 받기',
  'site.gift.noProject': '이 링크에는 프로젝트 정보가 없습니다.',
  'site.gift.invalid': '유효하지 않은 특전 링크입니다.',
  'site.gift.invalidHelp': '{reason} 보유 중인 프로젝트 화면에서 특전을 선택해 주세요.',
  'site.gift.browse': '프로젝트 둘러보기',
  'site.gift.project': '프로젝트 #{id}',
  'site.google.loadFailed': 'Google 로그인을 불러오지 못했습니다',
} satisfies Translation<typeof english>;
