/** The blog: the list of posts and a post. */
export const texts = {
  'blog.eyebrow': 'Stories',
  'blog.title': 'Blog',
  'blog.description':
    'Field notes from the projects on Moa: how K-pop royalties are paid, what a hanwoo herd costs to raise, why a Seoul kitchen is worth backing.',
  'blog.intro':
    'Field notes from the people behind our projects: where the money comes from, what can go wrong, and how holders have their say.',
  'blog.readTime': '{minutes} min read',
  'blog.loadMore': 'Load more posts',
  'blog.loadingMore': 'Loading more posts',
  'blog.loadMoreFailed': 'More posts could not be loaded. Check your connection and try again.',
  'blog.end': 'You have read the list to the end: {count} posts.',
  'blog.empty': 'No posts have been published yet. Check back soon.',
  'blog.back': 'All posts',
  'blog.more': 'More from the blog',
};
