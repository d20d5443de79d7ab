import { Link } from 'react-router';
import { useEffectiveAccount } from '../../data/hooks';
import { usePageTitle } from '../usePageTitle';
import { ADDRESSES_PATH } from './AddressesPage';
import { BuyerOnly } from './BuyerOnly';
import '../catalog/catalog.css';
import './account.css';

/** The page's path under the site base path. */
export const MY_ACCOUNT_PATH = '/my-account';
/** Profile and password: its own page (linked from here). */
export const PROFILE_PATH = '/my-account/profile';
/** Order history. */
export const ORDERS_PATH = '/orders';

const SECTIONS = [
  { to: ORDERS_PATH, title: 'Order history', text: 'See your orders, their status and details, and order again.' },
  { to: ADDRESSES_PATH, title: 'Addresses', text: 'Add, change and choose default shipping and billing addresses.' },
  { to: PROFILE_PATH, title: 'Profile and password', text: 'Change your name and password, and see the email you sign in with.' },
];

/** {basePath}/my-account: a signed-in buyer's starting point for orders, addresses and profile. Guests sign in first. */
export function MyAccountPage() {
  usePageTitle('My Account');
  const effective = useEffectiveAccount();
  return (
    <BuyerOnly>
      {(session) => {
        const first = session.profile?.firstName?.trim();
        const account = effective?.name || session.accountName;
        return (
          <section className="sf-page sf-account" aria-labelledby="my-account-title">
            <div className="sf-page__header">
              <h1 id="my-account-title">My Account</h1>
              {first || account ? (
                <p className="sf-account__intro">
                  {first ? `Hello, ${first}.` : null} {account ? `You are buying for ${account}.` : null}
                </p>
              ) : null}
            </div>
            <ul className="sf-account__sections">
              {SECTIONS.map((s) => (
                <li key={s.to} className="sf-account__section">
                  <h2>
                    <Link to={s.to}>{s.title}</Link>
                  </h2>
                  <p>{s.text}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      }}
    </BuyerOnly>
  );
}
