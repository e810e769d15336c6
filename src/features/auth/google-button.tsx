import { useEffect, useRef, useState } from 'react';
import { t } from '../../lib/i18n';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (options: { client_id: string; callback: (response: { credential?: string }) => void }) => void;
      renderButton: (element: HTMLElement, options: Record<string, string | number>) => void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<void> | null = null;

/** Loads Google Identity Services once, only when the sign-in page shows the Google button. */
function loadGoogleScript(): Promise<void> {
  if (window.google?.accounts?.id) return Promise.resolve();
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error(t('site.google.loadFailed')));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

export function GoogleButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let isCancelled = false;
    loadGoogleScript().then(
      () => {
        const element = container.current;
        if (isCancelled || !element || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) callback.current(response.credential);
          },
        });
        window.google.accounts.id.renderButton(element, {
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          width: Math.min(element.clientWidth || 320, 400),
        });
      },
      () => {
        if (!isCancelled) setHasFailed(true);
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [clientId]);

  if (hasFailed) return <p className="text-sm text-ink-muted">{t('signin.googleUnavailable')}</p>;
  return <div ref={container} className="flex min-h-11 justify-center" data-testid="google-signin" />;
}
