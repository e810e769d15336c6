import { createFileRoute, redirect } from '@tanstack/react-router';

/** The page's old address (movedPages in src/domain/page-paths.ts; the server answers it with a 301). */
export const Route = createFileRoute('/legal/terms-of-service')({
  beforeLoad: () => {
    throw redirect({ to: '/terms-of-service/', replace: true });
  },
});
