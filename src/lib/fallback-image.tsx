// An <img> with fixed intrinsic size that swaps to the default picture when its source fails
// (docs/product.md#form-behaviour: failed image loads fall back to a default image).
import { useState, type ImgHTMLAttributes } from 'react';

export const DEFAULT_RESTAURANT_IMAGE = '/img/default-restaurant.svg';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
  width: number;
  height: number;
  /** Above the fold: load at once with high priority; otherwise lazy. */
  priority?: boolean;
};

export function FallbackImage({ src, priority = false, alt = '', ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_RESTAURANT_IMAGE;
  return (
    <img
      {...rest}
      alt={alt}
      src={usable}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => {
        if (usable !== DEFAULT_RESTAURANT_IMAGE) setFailedSrc(usable);
      }}
    />
  );
}
