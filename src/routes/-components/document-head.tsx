import { HeadContent } from '@tanstack/react-router';

/**
 * The routes' titles and descriptions in the document's head. A served page arrives with its
 * own, so this comes beside the app rather than in it: the root layout loads it lazily.
 */
export default function DocumentHead() {
  return <HeadContent />;
}
