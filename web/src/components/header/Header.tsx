import type { CSSProperties } from 'react';
import { isStaffSession } from '../../data/api';
import { useEffectiveAccount, useSession, useSite } from '../../data/hooks';
import { useLayoutOptions } from '../layoutOptions';
import { NavigationMenu } from '../navigation/NavigationMenu';
import { AccountSwitcher } from './AccountSwitcher';
import { CartBadge } from './CartBadge';
import {
  DEFAULT_HEADER_BACKGROUND,
  DEFAULT_PROMO_BAR_BACKGROUND,
  hexColourOr,
  readableTextColour,
} from './colours';
import { LoginStateContainer } from './LoginStateContainer';
import { Logo } from './Logo';
import { ProfileMenu } from './ProfileMenu';
import { SearchBox } from './SearchBox';
import './header.css';

/** The promo bar's line: who a buyer is buying for, or where a guest's prices come from. */
function PromoMessage() {
  const session = useSession();
  const account = useEffectiveAccount();
  const s = session.data;
  if (!s) return null;
  if (s.guestUser) return <>Business pricing: log in to see your account&rsquo;s prices.</>;
  // Staff act for no account: there is nobody to buy for, and they do not buy here.
  if (isStaffSession(s)) return <>Signed in as store staff: staff browse the store but do not buy here.</>;
  const accountName = account?.name || s.accountName;
  return accountName ? (
    <>
      Buying for <strong>{accountName}</strong>
    </>
  ) : null;
}

/**
 * The page header (spec section 2): a promo bar, then the logo, the search box and the
 * login-state containers (cart badge and profile menu for buyers, Login for guests), then the
 * navigation menu. Background colours come from the store settings; text colours are chosen to
 * read on them. A white full-width rule closes the header (the spec's "horizontal line of size 53
 * and width 100, in white": width 100 is read as 100%, and it separates the header from a dark
 * first section such as the home banner).
 */
export function Header() {
  const site = useSite();
  const session = useSession();
  const { searchPlaceholder } = useLayoutOptions();
  const header = hexColourOr(site.data?.headerBackgroundColor, DEFAULT_HEADER_BACKGROUND);
  const promo = hexColourOr(site.data?.promoBarBackgroundColor, DEFAULT_PROMO_BAR_BACKGROUND);
  const style = {
    '--header-bg': header,
    '--header-fg': readableTextColour(header),
    '--promo-bg': promo,
    '--promo-fg': readableTextColour(promo),
  } as CSSProperties;

  return (
    <>
      <header className="site-header" style={style} data-tone={readableTextColour(header) === '#FFFFFF' ? 'dark' : 'light'}>
        <div className="promo-bar">
          <p>
            <PromoMessage />
          </p>
        </div>
        <div className="header-main">
          <div className="header-logo">
            <Logo />
          </div>
          <div className="header-search">
            <SearchBox placeholder={searchPlaceholder} />
          </div>
          <div className="header-actions">
            <LoginStateContainer showToGuest={false}>
              <AccountSwitcher />
              {isStaffSession(session.data) ? null : <CartBadge />}
              <ProfileMenu />
            </LoginStateContainer>
            <LoginStateContainer showToGuest>
              {/* The site's setting: guests see the badge of the cart the store keeps for them. */}
              {site.data?.cartShowToGuest ? <CartBadge /> : null}
              <ProfileMenu />
            </LoginStateContainer>
          </div>
          <div className="header-nav">
            <NavigationMenu />
          </div>
        </div>
      </header>
      <hr className="header-rule" />
    </>
  );
}
