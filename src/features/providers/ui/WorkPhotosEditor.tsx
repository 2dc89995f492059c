import { ArrowDown, ArrowUp, ImagePlus, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { TextField } from '../../../client/components/ui/form';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import {
  WORK_PHOTO_ACCEPT,
  WORK_PHOTO_CAPTION_MAX,
  WORK_PHOTO_LIMIT,
  WORK_PHOTO_MAX_BYTES,
  WORK_PHOTO_TYPES,
} from '../work-photos.schema';
import {
  useAddWorkPhoto,
  useCaptionWorkPhoto,
  useOrderWorkPhotos,
  useOwnWorkPhotos,
  useRemoveWorkPhoto,
  type WorkPhoto,
} from './work-photos.api';

/** Why a chosen file would be refused, told at once (the server still checks its bytes). */
function fileRefusal(file: File): 'work_photo_type' | 'file_too_large' | null {
  if (file.type && !(WORK_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return 'work_photo_type';
  }
  return file.size > WORK_PHOTO_MAX_BYTES ? 'file_too_large' : null;
}

/**
 * "Work photos" in the provider's profile tab: add a photo with its caption, put them in order
 * (up and down buttons, by keyboard as by pointer), edit a caption, remove one. At most 24.
 */
export function WorkPhotosEditor({ providerId }: { providerId: string }) {
  const { t } = useTranslation(['showcase', 'errors']);
  const photos = useOwnWorkPhotos();
  const errorText = useApiErrorText();
  const { notify } = useNotify();
  const order = useOrderWorkPhotos(providerId);
  const list = photos.data?.workPhotos ?? [];
  const full = list.length >= WORK_PHOTO_LIMIT;

  const move = (index: number, step: -1 | 1) => {
    const ids = list.map((photo) => photo.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    order.mutate(ids, {
      onSuccess: () =>
        notify(
          'success',
          t('editor.moved', { caption: list[index]!.caption, position: index + step + 1 }),
        ),
      onError: (error) => notify('error', errorText(error)),
    });
  };

  return (
    <section
      className="card flex flex-col gap-4 p-6 lg:col-span-2"
      aria-labelledby="work-photos-editor"
    >
      <div>
        <h2 id="work-photos-editor" className="text-lg font-semibold">
          {t('editor.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {t('editor.hint', { limit: WORK_PHOTO_LIMIT })}
          {photos.data && ` ${t('editor.count', { count: list.length, limit: WORK_PHOTO_LIMIT })}`}
        </p>
      </div>
      {photos.isPending && <Spinner label={t('editor.loading')} />}
      {photos.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(photos.error)}
        </p>
      )}
      {list.length > 0 && (
        <ol className="flex flex-col gap-3">
          {list.map((photo, index) => (
            <PhotoRow
              key={photo.id}
              photo={photo}
              providerId={providerId}
              first={index === 0}
              last={index === list.length - 1}
              busy={order.isPending}
              onMove={(step) => move(index, step)}
            />
          ))}
        </ol>
      )}
      {!photos.data ? null : full ? (
        <p className="text-sm text-stone-700">{t('editor.full', { limit: WORK_PHOTO_LIMIT })}</p>
      ) : (
        <AddPhotoForm providerId={providerId} />
      )}
    </section>
  );
}

function AddPhotoForm({ providerId }: { providerId: string }) {
  const { t } = useTranslation(['showcase', 'errors', 'validation']);
  const add = useAddWorkPhoto(providerId);
  const errorText = useApiErrorText();
  const { notify } = useNotify();
  const [file, setFile] = useState<File | undefined>();
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const refusal = fileRefusal(chosen);
    setProblem(refusal ? t(`errors:${refusal}`) : undefined);
    setFile(refusal ? undefined : chosen);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(t('editor.chooseFirst'));
    const text = caption.trim();
    if (!text) return setProblem(t('validation:required'));
    const form = new FormData();
    form.set('caption', text);
    form.set('photo', file);
    add.mutate(form, {
      onSuccess: () => {
        setFile(undefined);
        setCaption('');
        setProblem(undefined);
        notify('success', t('editor.added'));
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-dashed border-stone-300 p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="field-work_photo" className="btn-secondary cursor-pointer">
          <ImagePlus aria-hidden="true" className="size-4" />
          {t('editor.choose')}
        </label>
        <input
          id="field-work_photo"
          type="file"
          accept={WORK_PHOTO_ACCEPT}
          onChange={choose}
          aria-describedby="field-work_photo-hint"
          className="sr-only"
        />
        <p id="field-work_photo-hint" className="min-w-0 text-xs break-words text-stone-600">
          {file ? file.name : t('editor.fileHint')}
        </p>
      </div>
      <TextField
        name="work_photo_caption"
        label={t('editor.caption')}
        value={caption}
        maxLength={WORK_PHOTO_CAPTION_MAX}
        onChange={(event) => setCaption(event.target.value)}
        hint={t('editor.captionHint', { max: WORK_PHOTO_CAPTION_MAX })}
      />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={add.isPending}>
        {add.isPending ? t('editor.uploading') : t('editor.add')}
      </button>
    </form>
  );
}

function PhotoRow({
  photo,
  providerId,
  first,
  last,
  busy,
  onMove,
}: {
  photo: WorkPhoto;
  providerId: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useTranslation(['showcase', 'validation']);
  const caption = useCaptionWorkPhoto(providerId);
  const remove = useRemoveWorkPhoto(providerId);
  const errorText = useApiErrorText();
  const { notify } = useNotify();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const field = `work_photo_caption_${photo.id}`;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const text = (editing ?? '').trim();
    if (!text) return setProblem(t('validation:required'));
    caption.mutate(
      { id: photo.id, caption: text },
      {
        onSuccess: () => {
          setEditing(null);
          setProblem(undefined);
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  const iconButton =
    'inline-flex size-11 items-center justify-center rounded-lg border border-stone-300 text-stone-700 hover:bg-stone-100 disabled:opacity-40';
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-stone-200 p-3 sm:flex-row sm:items-start">
      <img
        src={photo.url}
        alt=""
        width={photo.width}
        height={photo.height}
        loading="lazy"
        className="aspect-[4/3] h-auto w-full rounded-md bg-stone-100 object-cover sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {editing === null ? (
          <p className="break-words text-stone-800">{photo.caption}</p>
        ) : (
          <form onSubmit={save} noValidate className="flex flex-col gap-2">
            <TextField
              name={field}
              label={t('editor.caption')}
              value={editing}
              maxLength={WORK_PHOTO_CAPTION_MAX}
              onChange={(event) => setEditing(event.target.value)}
              error={problem}
            />
            <div className="flex gap-2">
              <button type="submit" className="btn-primary" disabled={caption.isPending}>
                {t('editor.save')}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>
                {t('editor.cancel')}
              </button>
            </div>
          </form>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={iconButton}
            disabled={first || busy}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('editor.moveUp', { caption: photo.caption })}</span>
          </button>
          <button
            type="button"
            className={iconButton}
            disabled={last || busy}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('editor.moveDown', { caption: photo.caption })}</span>
          </button>
          {editing === null && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setEditing(photo.caption)}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('editor.edit')}
              {/* Which photo, for whoever does not see it beside the button. */}
              <span className="sr-only">{`: ${photo.caption}`}</span>
            </button>
          )}
          {confirming ? (
            <span
              className="flex flex-wrap items-center gap-2"
              role="group"
              aria-label={t('editor.confirmDelete')}
            >
              <span className="text-sm text-stone-800">{t('editor.confirmDelete')}</span>
              <button
                type="button"
                className="btn-danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(photo.id, {
                    onSuccess: () => notify('success', t('editor.removed')),
                    onError: (error) => notify('error', errorText(error)),
                  })
                }
              >
                {t('editor.delete')}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
                {t('editor.cancel')}
              </button>
            </span>
          ) : (
            <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('editor.delete')}
              <span className="sr-only">{`: ${photo.caption}`}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
