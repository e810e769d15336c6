import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../features/session/guard';
import { SessionOutlet } from '../features/session/session-outlet';

/** The signed-in group: a session and a second factor set up (spec §2, Guards). */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => guardRoute('signed-in', context.queryClient, location),
  component: SessionOutlet,
});
