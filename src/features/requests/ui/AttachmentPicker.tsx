import { FileText, ImageIcon, Paperclip, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { LIMITS } from '../../../shared/limits';
import { ACCEPT_ATTRIBUTE, ATTACHMENT_TYPES, extensionOf } from '../attachments.rules';

const ALLOWED_EXTENSIONS = new Set<string>(Object.values(ATTACHMENT_TYPES).flat());

export function formatSize(bytes: number, language: string): string {
  const units =
    bytes >= 1024 * 1024
      ? { value: bytes / (1024 * 1024), unit: 'megabyte' }
      : { value: bytes / 1024, unit: 'kilobyte' };
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units.unit,
    maximumFractionDigits: 1,
  }).format(units.value);
}

/**
 * Files by drag and drop or the picker (spec core §2 Create, step 3). More than five clears the
 * selection with the too-many-files message (spec core §5); the server checks every file again.
 */
export function AttachmentPicker({
  files,
  onChange,
  progress,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** Per file, 0–1, while uploading. */
  progress?: number[] | undefined;
}) {
  const { t, i18n } = useTranslation('requests');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  const add = (incoming: File[]) => {
    const next = [...files, ...incoming];
    if (next.length > LIMITS.attachments.maxFiles) {
      setProblem(t('create.tooManyFiles', { count: LIMITS.attachments.maxFiles }));
      onChange([]);
      return;
    }
    const refused = incoming.filter(
      (file) =>
        !ALLOWED_EXTENSIONS.has(extensionOf(file.name)) || file.size > LIMITS.attachments.maxBytes,
    );
    if (refused.length > 0) {
      setProblem(t('create.fileRefused', { names: refused.map((file) => file.name).join(', ') }));
      onChange(next.filter((file) => !refused.includes(file)));
      return;
    }
    setProblem(undefined);
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add([...event.dataTransfer.files]);
        }}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-8 text-center ${
          dragging ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-stone-50'
        }`}
      >
        <Upload aria-hidden="true" className="size-8 text-brand-700" />
        <p className="text-stone-800">{t('create.dropHere')}</p>
        <button type="button" className="btn-secondary" onClick={() => input.current?.click()}>
          <Paperclip aria-hidden="true" className="size-4" />
          {t('create.choose')}
        </button>
        <p className="text-xs text-stone-600">
          {t('create.filesHint', { count: LIMITS.attachments.maxFiles })}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          aria-label={t('create.choose')}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {problem && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {problem}
        </p>
      )}
      {files.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('create.selectedFiles')}>
          {files.map((file, index) => {
            const Icon = file.type.startsWith('image/') ? ImageIcon : FileText;
            const done = progress?.[index];
            return (
              <li key={`${file.name}-${index}`} className="card flex items-center gap-3 p-3">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{file.name}</p>
                  <p className="text-xs text-stone-600">{formatSize(file.size, i18n.language)}</p>
                  {done !== undefined && (
                    <progress
                      className="mt-1 h-1.5 w-full accent-brand-700"
                      max={1}
                      value={done}
                      aria-label={t('create.uploading', { name: file.name })}
                    />
                  )}
                </div>
                {progress === undefined && (
                  <button
                    type="button"
                    className="flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
                    aria-label={t('create.remove', { name: file.name })}
                    onClick={() => onChange(files.filter((_, i) => i !== index))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
