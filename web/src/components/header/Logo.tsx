import { useState } from 'react';
import { Link } from 'react-router';
import { warnImageFailure } from '../../data/cms';
import { useLogo } from '../../data/headerHooks';
import { useSite } from '../../data/hooks';

export const LOGO_LABEL = 'Logo';
/** Logo box (spec section 9): width 250, max height 75px desktop, 45px tablet, 25px mobile (in CSS). */
export const LOGO_WIDTH = 250;

/**
 * The site logo from CMS; a click goes to the named page Home ({basePath}/). While it loads,
 * when the site has none, or when the image fails (a warning names the content key and site
 * id), the store name stands in for it.
 */
export function Logo() {
  const site = useSite();
  const logo = useLogo();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const storeName = site.data?.storeName || '';
  const info = logo.data;
  const showImage = info && failedUrl !== info.url;
  const alt = info?.altText || storeName || LOGO_LABEL;

  return (
    <Link to="/" className="site-logo">
      {showImage ? (
        <img
          src={info.url}
          alt={alt}
          onError={() => {
            warnImageFailure(info.contentKey, site.data?.siteId ?? '', `the image at ${info.url} did not load`);
            setFailedUrl(info.url);
          }}
        />
      ) : (
        <span className="site-logo-text">{storeName || LOGO_LABEL}</span>
      )}
    </Link>
  );
}
