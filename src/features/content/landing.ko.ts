// @unocss-include: icon classes in this content are generated like those written in components.
import type { landing as english } from './landing';

/** 모아 소개(랜딩) 페이지: 영어판과 같은 구성, 한국 투자자를 위해 다시 쓴 글. */
export const landing: typeof english = {
  eyebrow: '왜 모아인가',
  title: '좋아하는 한국 문화의 주인이 되어 보세요',
  lead: '차트를 휩쓴 음원, 드라마와 영화 판권, 맛집, 한우, 공예 공방까지. 한국 문화를 세계로 퍼뜨리는 자산을 토큰으로 나누어, 몇 달러부터 소유할 수 있게 했습니다.',
  primary: '프로젝트 둘러보기',
  secondary: '모아 이용 방법',
  themesTitle: '다섯 가지 투자 분야',
  themes: [
    {
      slug: 'k-pop-royalties',
      title: '음원 저작권',
      body: '음원이 스트리밍되고 방송되고 라이선스될 때마다 수익이 생깁니다.',
    },
    {
      slug: 'drama-and-film',
      title: '드라마·영화',
      body: '종영 후에도 이어지는 해외 판권, 리메이크, OST 수익을 나눕니다.',
    },
    {
      slug: 'k-food',
      title: '맛집·K-푸드',
      body: '직접 찾아갈 수 있는 식당과 식품 브랜드의 매출 일부를 받습니다.',
    },
    { slug: 'hanwoo', title: '한우', body: '협력 농가에서 기른 한우를 출하 시기에 경매로 판매합니다.' },
    { slug: 'craft', title: '공예·문화', body: '옹기, 한지, 옻칠의 명맥을 잇는 공방을 함께 지킵니다.' },
  ],
  trustTitle: '믿으라고 하지 않고, 확인할 수 있게 했습니다',
  trust: [
    {
      icon: 'i-lucide-landmark',
      title: '자산은 수탁 기관에 보관',
      body: '프로젝트마다 별도의 법적 기구가 자산을 소유하고, 관련 서류는 독립 수탁 기관이 보관합니다.',
    },
    {
      icon: 'i-lucide-shield-check',
      title: '모든 투자자 본인 인증',
      body: '모든 투자자가 본인 인증을 거치고, 법이 요구하는 경우 투자자 인증도 받습니다. 서버에서 직접 확인합니다.',
    },
    {
      icon: 'i-lucide-file-text',
      title: '매달 공개되는 보고서',
      body: '사업자는 체중 측정 기록, 정산서, 매출을 프로젝트 공지에 올리고, 보유자는 그 자리에서 질문할 수 있습니다.',
    },
    {
      icon: 'i-lucide-vote',
      title: '결정은 보유자가',
      body: '제안과 안건, 보유량에 비례한 투표, 투표율과 함께 공개되는 결과.',
    },
  ],
  stepsTitle: '투자 방법',
  steps: [
    { title: '프로젝트 고르기', body: '프로젝트의 이야기, 서류, 투자 위험, 보유자 특전을 꼼꼼히 읽어 보세요.' },
    { title: '한 번만 인증하기', body: '로그인하고 2단계 인증을 설정한 뒤, 본인 인증을 한 번만 받으면 됩니다.' },
    { title: '투자하고 결제하기', body: '토큰을 예약하고 계약서에 서명한 뒤, 계좌이체나 가상자산으로 결제합니다.' },
    {
      title: '보유하고, 받고, 투표하기',
      body: '정산서와 함께 수익을 분배받고, 프로젝트의 다음 방향을 투표로 정합니다.',
    },
  ],
  blogTitle: '블로그 새 글',
  blogLink: '블로그 보기',
  ctaTitle: '이미 좋아하는 것에서 시작해 보세요',
  ctaBody: '진행 중인 프로젝트를 둘러보고 서류를 확인한 뒤, 잃어도 괜찮은 금액만 투자하세요.',
  riskNote: '비상장 상품 투자는 원금 손실을 포함한 위험이 있습니다. 투자 유의사항을 꼭 확인하세요.',
};
