import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../features/session/guard';
import { SessionOutlet } from '../features/session/session-outlet';

/** The KYC-approved group: signed in, second factor set up, identity review completed and not RED. */
export const Route = createFileRoute('/_kyc')({
  beforeLoad: ({ context, location }) => guardRoute('kyc', context.queryClient, location),
  component: SessionOutlet,
});
