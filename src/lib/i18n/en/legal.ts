/** Legal pages, disclosures and the pages about the product and its infrastructure. */
export const texts = {
  'legal.eyebrow': 'Legal',
  'legal.updated': 'Last updated',
  'legal.contents': 'On this page',
  'about.eyebrow': 'About',
  'about.others': 'More stories',
};
