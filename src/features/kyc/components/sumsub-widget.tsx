import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { FormError } from '../../../ui/field';
import { loadSchema } from '../../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const kycSchemas = () => import('../../../domain/kyc');

interface SnsWebSdkBuilder {
  withConf: (conf: Record<string, unknown>) => SnsWebSdkBuilder;
  withOptions: (options: Record<string, unknown>) => SnsWebSdkBuilder;
  on: (event: string, handler: (payload: unknown) => void) => SnsWebSdkBuilder;
  build: () => { launch: (selector: string) => void };
}
declare global {
  interface Window {
    snsWebSdk?: { init: (token: string, refresh: () => Promise<string>) => SnsWebSdkBuilder };
  }
}

function loadScript(url: string): Promise<void> {
  if (window.snsWebSdk) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(t('identity.widgetFailed')));
    document.head.append(script);
  });
}

/** A fresh token each time the SDK asks: the old one has expired by then. */
async function refreshToken(): Promise<string> {
  const answer = await api.request('/api/v1/kyc/generate/token', {
    method: 'POST',
    schema: loadSchema(kycSchemas, 'generateTokenResponseSchema'),
  });
  if (!answer.token) throw new Error(t('identity.widgetNoToken'));
  return answer.token;
}

/** Sumsub's WebSDK in the page; its result arrives by webhook, so the page only moves on. */
export function SumsubWidget({
  token,
  sdkUrl,
  onSubmitted,
}: {
  token: string;
  sdkUrl: string;
  onSubmitted: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const submitted = useRef(onSubmitted);
  useEffect(() => {
    submitted.current = onSubmitted;
  }, [onSubmitted]);
  useEffect(() => {
    let isCancelled = false;
    loadScript(sdkUrl)
      .then(() => {
        if (isCancelled || !window.snsWebSdk) return;
        window.snsWebSdk
          .init(token, refreshToken)
          .withConf({ lang: document.documentElement.lang || 'en' })
          .withOptions({ addViewportTag: false, adaptIframeHeight: true })
          .on('idCheck.onApplicantSubmitted', () => submitted.current())
          .on('idCheck.onApplicantResubmitted', () => submitted.current())
          .build()
          .launch('#sumsub-websdk-container');
      })
      .catch((cause: Error) => setError(cause.message));
    return () => {
      isCancelled = true;
    };
  }, [token, sdkUrl]);
  return (
    <div>
      <FormError message={error} />
      <div id="sumsub-websdk-container" className="min-h-96" />
    </div>
  );
}
