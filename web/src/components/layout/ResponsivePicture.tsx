import { IMAGE_WIDTHS, MEDIA, optimisedImageUrl } from './images';

export interface ResponsivePictureProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Override images per form factor (each falls back to src). */
  mobileSrc?: string | null;
  tabletSrc?: string | null;
  width?: number;
  height?: number;
  loading?: 'lazy' | 'eager';
  /** Widths to ask for, per form factor (default 640/960/1920). */
  widths?: Partial<typeof IMAGE_WIDTHS>;
}

/** A picture with mobile (640), tablet (960) and desktop (1920) sources at 1x density. */
export function ResponsivePicture(props: ResponsivePictureProps) {
  const widths = { ...IMAGE_WIDTHS, ...props.widths };
  const desktop = optimisedImageUrl(props.src, widths.desktop);
  const tablet = optimisedImageUrl(props.tabletSrc ?? props.src, widths.tablet);
  const mobile = optimisedImageUrl(props.mobileSrc ?? props.tabletSrc ?? props.src, widths.mobile);
  if (!desktop && !tablet && !mobile) {
    return <div className={['sf-picture', 'sf-picture--empty', props.className ?? ''].join(' ')} role="img" aria-label={props.alt || 'No image'} />;
  }
  return (
    <picture className={['sf-picture', props.className ?? ''].filter(Boolean).join(' ')}>
      {mobile ? <source media={MEDIA.mobile} srcSet={`${mobile} 1x`} /> : null}
      {tablet ? <source media={MEDIA.tablet} srcSet={`${tablet} 1x`} /> : null}
      <img
        src={(desktop ?? tablet ?? mobile) as string}
        alt={props.alt}
        width={props.width}
        height={props.height}
        loading={props.loading ?? 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
