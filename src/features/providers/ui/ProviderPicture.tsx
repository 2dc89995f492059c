import { useState } from 'react';

/** Sizes as classes, not a style attribute: a server-rendered style attribute breaks our CSP. */
const SIZE_CLASS = { 64: 'size-16', 96: 'size-24', 128: 'size-32' } as const;

/** The provider's picture, or the product's default one when there is none or it fails to load. */
export function ProviderPicture({
  url,
  name,
  size = 128,
}: {
  url: string | null | undefined;
  name: string;
  size?: keyof typeof SIZE_CLASS;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={url && !failed ? url : '/default-provider.svg'}
      alt={name}
      width={size}
      height={size}
      onError={() => setFailed(true)}
      className={`${SIZE_CLASS[size]} rounded-2xl border border-stone-200 bg-stone-100 object-cover`}
    />
  );
}
