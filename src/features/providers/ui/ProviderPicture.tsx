import { useState } from 'react';

/** The provider's picture, or the product's default one when there is none or it fails to load. */
export function ProviderPicture({
  url,
  name,
  size = 128,
}: {
  url: string | null | undefined;
  name: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={url && !failed ? url : '/default-provider.svg'}
      alt={name}
      width={size}
      height={size}
      onError={() => setFailed(true)}
      className="rounded-2xl border border-stone-200 bg-stone-100 object-cover"
      style={{ width: size, height: size }}
    />
  );
}
