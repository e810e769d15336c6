import { APP_DESCRIPTION, APP_TITLE } from '../domain/constants';

/** Title and description for a route's `head`: "<page> · Moa", or the app's own on the home page. */
export function pageHead(title?: string, description: string = APP_DESCRIPTION) {
  return {
    meta: [{ title: title ? `${title} · Moa` : APP_TITLE }, { name: 'description', content: description }],
  };
}
