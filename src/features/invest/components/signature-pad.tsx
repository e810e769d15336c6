import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { t } from '../../../lib/i18n';

/**
 * An optional drawn signature: pointer events cover finger, pen and mouse alike. The typed legal
 * name is the signature that counts, so anyone who cannot draw (keyboard, screen reader) signs
 * fully without this pad.
 */
export function SignaturePad({ onChange }: { onChange: (pngDataUrl: string | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const isDrawing = useRef(false);
  const [hasInk, setHasInk] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Sharp lines on dense phone screens: the bitmap follows the device pixels.
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1b1c33';
  }, []);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const context = canvas.getContext('2d');
    if (!context) return;
    // The pad may have changed size since it was set up (a phone turned sideways): map CSS
    // pixels onto the bitmap as it is now, so the line stays under the finger.
    const box = canvas.getBoundingClientRect();
    context.setTransform(canvas.width / box.width, 0, 0, canvas.height / box.height, 0, 0);
    event.currentTarget.setPointerCapture(event.pointerId);
    isDrawing.current = true;
    const { x, y } = pointAt(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!isDrawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = pointAt(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!isDrawing.current) return;
    isDrawing.current = false;
    setHasInk(true);
    onChange(event.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.restore();
    setHasInk(false);
    onChange(null);
  };

  return (
    <div>
      <p id="signature-label" className="text-sm font-semibold text-ink">
        {t('invest.sign.drawLabel')}
      </p>
      <p id="signature-hint" className="mt-1 text-sm text-ink-muted">
        {t('invest.sign.drawHint')}
      </p>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-hint"
        className="mt-2 h-36 w-full cursor-crosshair touch-none rounded-md bg-white ring-1 ring-inset ring-ink-muted/45"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="mt-2 flex items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {hasInk ? t('invest.sign.drawn') : t('invest.sign.notDrawn')}
        </p>
        <button type="button" className="btn-ghost" onClick={clear} disabled={!hasInk}>
          <span className="i-lucide-eraser" aria-hidden="true" />
          {t('invest.sign.clear')}
        </button>
      </div>
    </div>
  );
}
