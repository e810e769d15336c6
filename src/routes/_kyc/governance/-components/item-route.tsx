import { useQuery } from '@tanstack/react-query';
import { useParams, type ErrorComponentProps } from '@tanstack/react-router';
import { GovernanceShell, LockedItem } from '../../../../features/governance/components/governance-shell';
import { productDetailOptions } from '../../../../features/projects/queries';
import { t, type MessageKey } from '../../../../lib/i18n';
import { RequestError } from '../../../../lib/request-error';
import { ErrorPage } from '../../../-components/error-page';

/** An item of a section the reader may not see: the way back and what unlocks it, not an error. */
export function ItemError({ title, ...props }: ErrorComponentProps & { title: MessageKey }) {
  return props.error instanceof RequestError && props.error.code === 'SECTION_LOCKED' ? (
    <Locked title={title} reason={props.error.message} />
  ) : (
    <ErrorPage {...props} />
  );
}

function Locked({ title, reason }: { title: MessageKey; reason: string }) {
  const { productId } = useParams({ strict: false }) as { productId: number };
  const { data: project } = useQuery(productDetailOptions(productId));
  return (
    <GovernanceShell productId={productId} project={project} title={t(title)} fetchedAt={0}>
      <LockedItem reason={reason} />
    </GovernanceShell>
  );
}
