import { useEffect, useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { PICTURE_ACCEPT, pictureRefusal } from '../providers.schema';
import { ProviderPicture } from './ProviderPicture';

/** A chosen picture and the address its preview is shown from. */
interface Chosen {
  file: File;
  preview: string;
}

/**
 * The provider's picture with its chooser: a picture the server would refuse (type, size) is
 * refused the moment it is chosen, with the server's own words; an accepted one is shown before
 * saving. `picture` is the chosen file, undefined once saved or when none is chosen.
 */
export function ProfilePictureField({
  savedUrl,
  name,
  picture,
  onChange,
}: {
  savedUrl: string | null | undefined;
  name: string;
  picture: File | undefined;
  onChange: (picture: File | undefined) => void;
}) {
  const { t } = useTranslation(['providers', 'errors']);
  const [chosen, setChosen] = useState<Chosen | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  // Each preview address is released when another replaces it or the field goes away.
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );
  // Saved (or cleared by the form): the stored picture is shown again.
  if (chosen && chosen.file !== picture) setChosen(undefined);

  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal, and still be told about.
    event.target.value = '';
    if (!file) return;
    const problem = pictureRefusal(file);
    if (problem) {
      setRefusal(t(`errors:${problem}`));
      return;
    }
    setRefusal(undefined);
    setChosen({ file, preview: URL.createObjectURL(file) });
    onChange(file);
  };

  const preview = chosen?.file === picture ? chosen?.preview : undefined;
  return (
    <div className="flex items-center gap-4">
      <ProviderPicture key={preview ?? 'saved'} url={preview ?? savedUrl} name={name} size={96} />
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="text-sm font-medium">{t('edit.picture')}</p>
        {/* The browser's own file button speaks the browser's language; ours speaks the page's. */}
        <label htmlFor="field-profile_picture" className="btn-secondary cursor-pointer self-start">
          {t('edit.choosePicture')}
        </label>
        <input
          id="field-profile_picture"
          type="file"
          accept={PICTURE_ACCEPT}
          onChange={choose}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? 'field-profile_picture-error' : 'field-profile_picture-hint'}
          className="sr-only"
        />
        <p id="field-profile_picture-hint" className="text-xs break-words text-stone-600">
          {picture ? picture.name : t('edit.pictureHint')}
        </p>
        {refusal && (
          <p id="field-profile_picture-error" role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        )}
      </div>
    </div>
  );
}
