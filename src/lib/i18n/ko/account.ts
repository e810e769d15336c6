import type { account as english } from '../en/account';
import type { Translation } from '../types';

/** 계정 영역의 한국어 문구: 이름 옆 커뮤니티 배지와 처리할 일. */
export const account = {
  'badge.label': '커뮤니티 배지',
  'badge.earnedIn': '{project}에서 받은 {badge}',
  'settings.badgeYours': '내 배지:',
  'settings.badgeFrom': '{project}에서 받음',
  'settings.badgeNone': '아직 받은 배지가 없습니다. 프로젝트 토큰을 더 보유하면 배지를 받을 수 있습니다.',
  'portfolio.filterNotSaved':
    '이 프로젝트의 수치는 아직 이 기기에 저장되지 않았습니다. “전체 프로젝트”를 선택하거나 인터넷에 연결해 확인하세요.',
  'needsAction.title': '처리할 일',
  'needsAction.sign.title': '{project} 계약서 서명',
  'needsAction.sign.body': '{deadline}까지 {quantity}개 토큰이 예약되어 있습니다.',
  'needsAction.sign.action': '계약서 서명하기',
  'needsAction.pay.title': '{project} 대금 납입',
  'needsAction.pay.body': '{deadline}까지 {amount}을 납입해 주세요. 입금자명(참조): {reference}',
  'needsAction.pay.action': '납입하러 가기',
  'needsAction.gift.title': '{project} 선물 받기',
  'needsAction.gift.body': '보유 수량으로 “{gift}”을 받을 수 있습니다.',
  'needsAction.gift.action': '선물 받기',
} satisfies Translation<typeof english>;
