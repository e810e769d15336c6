import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A value (an otpauth URL, a wallet address) as a QR code: an SVG made in the browser, so the value never leaves it. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let isCancelled = false;
    void QRCode.toString(value, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#1b1c33', light: '#ffffff' },
    }).then((markup) => {
      if (!isCancelled) setSvg(markup);
    });
    return () => {
      isCancelled = true;
    };
  }, [value]);
  return (
    <div className="grid h-48 w-48 place-items-center rounded-md bg-white p-2 ring-1 ring-line">
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={label}
          className="h-full w-full"
        />
      ) : (
        <span className="h-full w-full animate-pulse rounded bg-paper" aria-hidden="true" />
      )}
    </div>
  );
}
