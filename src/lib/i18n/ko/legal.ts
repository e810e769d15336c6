import type { Translation } from '../types';
import type { texts as english } from '../en/legal';

/** Legal pages, disclosures and the pages about the product and its infrastructure. */
export const texts = {
  'legal.eyebrow': '약관 및 정책',
  'legal.updated': '최종 수정일',
  'legal.contents': '목차',
  'about.eyebrow': '회사 소개',
  'about.others': '다른 이야기',
} satisfies Translation<typeof english>;
