import type { Translation } from '../types';
import type { texts as english } from '../en/home';

/** The home page: hero, what one can own and the road from sign-in to a first token. */
export const texts = {
  'home.eyebrow': 'K-컬처 토큰 투자',
  'home.title': '세계가 사랑하는 한국 문화, 이제 직접 소유하세요.',
  'home.lead':
    '모아는 실물 자산과 문화 콘텐츠를 토큰으로 나누어 투자하는 플랫폼입니다. 음원 저작권, 드라마 판권, 맛집, 한우, 공예까지 검증을 거쳐 안전하게 보관된 자산에 소액으로 투자할 수 있습니다.',
  'home.browse': '프로젝트 둘러보기',
  'home.howItWorks': '모아 이용 방법',
  'home.proof.verified': '모든 투자자 본인 인증 완료',
  'home.proof.custody': '자산은 독립 수탁 기관이 보관',
  'home.proof.votes': '모든 투표 기록 공개',
  'home.heroArt': '동전이 모여 모아 로고를 이루는 그림',
  'home.themesTitle': '이런 자산에 투자할 수 있습니다',
  'home.theme.music.title': 'K-팝 음원 저작권',
  'home.theme.music.body': '음원이 스트리밍되고 방송되고 리메이크될 때마다 발생하는 수익을 나눠 받습니다.',
  'home.theme.drama.title': '드라마·영화 IP',
  'home.theme.drama.body': '해외 판권, 리메이크, 굿즈 수익까지, 국경을 넘는 드라마와 영화의 권리입니다.',
  'home.theme.food.title': '맛집·K-푸드',
  'home.theme.food.body': '서울 골목 맛집부터 마트 진열대의 식품 브랜드까지, 실제 매출이 나는 사업입니다.',
  'home.theme.hanwoo.title': '한우',
  'home.theme.hanwoo.body': '협력 농가에서 기른 한우를 출하 시기에 경매로 판매합니다.',
  'home.theme.craft.title': '공예·문화',
  'home.theme.craft.body': '옹기 장인, 한지 공방, 디자인 하우스가 전통을 이어 갑니다.',
  'home.stepsTitle': '가입부터 첫 토큰 투자까지',
  'home.step.signIn.title': '로그인',
  'home.step.signIn.body': 'Google 계정 또는 이메일로 받은 인증 코드로 로그인합니다.',
  'home.step.secure.title': '2단계 인증 설정',
  'home.step.secure.body': 'OTP 앱의 인증 코드로 내 보유 자산을 안전하게 지킵니다.',
  'home.step.verify.title': '본인 인증',
  'home.step.verify.body': '법령에 따라 한 번만 진행하며, 모아 심사팀이 확인합니다.',
  'home.step.invest.title': '투자하고 보유하기',
  'home.step.invest.body': '소액으로 토큰을 사고 계좌이체나 가상자산으로 결제한 뒤, 내 계정에서 확인합니다.',
  'home.step.vote.title': '투표하고 수익 받기',
  'home.step.vote.body': '보유자는 수익을 분배받고, 특전을 받고, 프로젝트의 다음 방향을 투표로 정합니다.',
} satisfies Translation<typeof english>;
