import { useNetworkAction } from '../../../../../lib/offline';
import { NetworkHint } from '../../../../../ui/network-button';

/** Says once, at the top of the settings, why their changes are switched off while offline. */
export function OfflineHint() {
  const { reason } = useNetworkAction();
  return reason ? (
    <p className="mt-3">
      <NetworkHint reason={reason} />
    </p>
  ) : null;
}
