import type { Translation } from '../types';
import type { texts as english } from '../en/blog';

/** The blog: the list of posts and a post. */
export const texts = {
  'blog.eyebrow': '이야기',
  'blog.title': '블로그',
  'blog.description':
    'Moa 프로젝트 현장 이야기: K-팝 저작권료는 어떻게 지급되는지, 한우 한 무리를 키우는 데 얼마가 드는지, 서울의 식당에 투자할 만한 이유는 무엇인지.',
  'blog.intro':
    '프로젝트를 만드는 사람들의 현장 이야기입니다. 수익은 어디서 나오는지, 어떤 위험이 있는지, 보유자는 어떻게 의견을 내는지 전해 드립니다.',
  'blog.readTime': '{minutes}분 분량',
  'blog.loadMore': '글 더 보기',
  'blog.loadingMore': '글을 더 불러오는 중',
  'blog.loadMoreFailed': '글을 더 불러오지 못했습니다. 연결 상태를 확인하고 다시 시도해 주세요.',
  'blog.end': '마지막 글까지 모두 보셨습니다. 총 {count}편입니다.',
  'blog.empty': '아직 게시된 글이 없습니다. 곧 찾아오겠습니다.',
  'blog.back': '전체 글',
  'blog.more': '블로그의 다른 글',
} satisfies Translation<typeof english>;
