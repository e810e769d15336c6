import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/blog/$urlTitle')({
  head: () => pageHead('Blog'),
  component: Page,
});

function Page() {
  const { urlTitle } = Route.useParams();
  return (
    <ComingSoon title="Blog" eyebrow="Stories">
      <p>
        The post <strong className="text-ink">{urlTitle}</strong> will open here once the blog is published, with its
        title, read time and author.
      </p>
    </ComingSoon>
  );
}
