import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import type { Provider } from './providers.api';

type Photo = Provider['workPhotos'][number];

/** A horizontal move this long (px) between press and release turns the photo. */
const SWIPE_PX = 40;

/**
 * The photos of a provider's past work on their page: a grid of lazy-loaded pictures whose
 * width and height are known (nothing shifts as they load); each opens the lightbox.
 */
export function WorkGallery({ photos }: { photos: Photo[] }) {
  const { t } = useTranslation('showcase');
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <section className="card p-6" aria-labelledby="work-photos-title">
      <h2 id="work-photos-title" className="text-lg font-semibold">
        {t('gallery.title')}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="group block w-full overflow-hidden rounded-lg border border-stone-200 text-left focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:outline-none"
              aria-label={t('gallery.open', { caption: photo.caption })}
            >
              <img
                src={photo.url}
                alt=""
                width={photo.width}
                height={photo.height}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] h-auto w-full bg-stone-100 object-cover transition-transform group-hover:scale-[1.02]"
              />
              <span className="block truncate px-2 py-1.5 text-sm text-stone-700">
                {photo.caption}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <Lightbox photos={photos} start={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

/**
 * One photo at a time on the native <dialog> (focus kept inside, the page inert, Escape closes):
 * previous and next by the buttons, the arrow keys, or a swipe; the caption under it.
 */
function Lightbox({
  photos,
  start,
  onClose,
}: {
  photos: Photo[];
  start: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('showcase');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [index, setIndex] = useState(start);
  const pressedAt = useRef<number | null>(null);
  const photo = photos[index]!;
  const last = photos.length - 1;
  const go = (step: -1 | 1) =>
    setIndex((current) => (current + step + photos.length) % photos.length);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    pressedAt.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = pressedAt.current;
    pressedAt.current = null;
    if (from === null || last === 0) return;
    const moved = event.clientX - from;
    if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? 1 : -1);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
        else return;
        event.preventDefault();
      }}
      className="m-auto max-h-[95dvh] w-[calc(100%-1rem)] max-w-4xl overflow-hidden rounded-xl bg-stone-950 p-0 text-white shadow-xl backdrop:bg-stone-950/80"
    >
      <div className="flex items-center justify-between gap-2 px-4 py-2">
        <h2 id={titleId} className="text-sm font-medium text-stone-200">
          {t('gallery.position', { index: index + 1, total: photos.length })}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-6" />
          <span className="sr-only">{t('gallery.close')}</span>
        </button>
      </div>
      <figure className="flex flex-col">
        <div
          className="relative flex touch-pan-y items-center justify-center bg-black select-none"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (pressedAt.current = null)}
        >
          <img
            key={photo.id}
            src={photo.url}
            alt={photo.caption}
            width={photo.width}
            height={photo.height}
            draggable={false}
            className="max-h-[75dvh] w-auto max-w-full object-contain"
          />
          {last > 0 && (
            <>
              <GalleryStep side="left" label={t('gallery.previous')} onClick={() => go(-1)} />
              <GalleryStep side="right" label={t('gallery.next')} onClick={() => go(1)} />
            </>
          )}
        </div>
        <figcaption aria-live="polite" className="px-4 py-3 text-sm break-words text-stone-100">
          {photo.caption}
        </figcaption>
      </figure>
    </dialog>
  );
}

function GalleryStep({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      onPointerDown={(event) => event.stopPropagation()}
      onPointerUp={(event) => event.stopPropagation()}
      className={`absolute top-1/2 ${side === 'left' ? 'left-2' : 'right-2'} inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none`}
    >
      <Icon aria-hidden="true" className="size-7" />
      <span className="sr-only">{label}</span>
    </button>
  );
}
