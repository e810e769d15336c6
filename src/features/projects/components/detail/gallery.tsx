import { useState } from 'react';
import type { ProductDetail } from '../../../../domain/products';
import { t } from '../../../../lib/i18n';

export function Gallery({ project }: { project: ProductDetail }) {
  const [index, setIndex] = useState(0);
  const images = project.images.length ? project.images : [{ id: 0, url: project.image, altText: project.name }];
  const current = images[Math.min(index, images.length - 1)]!;
  return (
    <div aria-label={t('project.gallery')} role="group">
      <div className="overflow-hidden rounded-xl bg-brand-100 shadow-card">
        <img
          src={current.url}
          alt={current.altText}
          className="aspect-[3/2] w-full object-cover"
          width={1200}
          height={800}
        />
      </div>
      {images.length > 1 ? (
        <div className="mt-3 flex gap-2 overflow-x-auto">
          {images.map((image, position) => (
            <button
              key={image.id}
              type="button"
              onClick={() => setIndex(position)}
              aria-label={t('project.showImage', { index: position + 1 })}
              aria-pressed={position === index}
              className={`focus-ring shrink-0 overflow-hidden rounded-md ring-2 ${position === index ? 'ring-brand-700' : 'ring-transparent opacity-75 hover:opacity-100'}`}
            >
              <img src={image.url} alt="" className="h-14 w-20 object-cover" width={80} height={56} />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
