import { Heart } from 'lucide-react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { useSetFavourite } from './invitations.api';

/**
 * The heart: keeps the provider among the client's favourites, or lets go of them. Shown where
 * the server allows it (`allowed_actions` has `favourite`); `favourite` is the server's answer,
 * so the heart follows it once the change is read back.
 */
export function FavouriteButton({
  providerId,
  name,
  favourite,
  compact = false,
}: {
  providerId: string;
  name: string;
  favourite: boolean;
  /** On a directory card: the heart alone, its words for screen readers. */
  compact?: boolean;
}) {
  const { t } = useTranslation('invitations');
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const setFavourite = useSetFavourite();
  const pressed = setFavourite.isPending ? !favourite : favourite;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={t('favourite.label', { name })}
      disabled={setFavourite.isPending}
      className={`relative z-10 inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border px-3 font-medium focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:outline-none ${pressed ? 'border-rose-300 bg-rose-50 text-rose-800' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'}`}
      onClick={() =>
        setFavourite.mutate(
          { providerId, favourite: !favourite },
          {
            onSuccess: () =>
              notify('success', t(favourite ? 'favourite.removed' : 'favourite.saved', { name })),
            onError: (error) => notify('error', errorText(error)),
          },
        )
      }
    >
      <Heart
        aria-hidden="true"
        className={`size-5 ${pressed ? 'fill-rose-600 text-rose-600' : 'text-stone-600'}`}
      />
      {/* The same word pressed or not, so it stays the start of the button's name (which voice
          control users say); the filled heart and the pressed state tell whether they are kept. */}
      {!compact && <span>{t('favourite.off')}</span>}
    </button>
  );
}
