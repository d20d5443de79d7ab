import { SiteLink } from '../components/layout/SiteLink';
import { usePageTitle } from './usePageTitle';
import './catalog/catalog.css';

/** The FAQ pages by language, each opened in a new tab. */
export const FAQ_LINKS = [
  { label: 'FAQ (English UK)', href: '/faq/en-GB', lang: 'en-GB' },
  { label: 'FAQ (English US)', href: '/faq/en-US', lang: 'en-US' },
] as const;

/**
 * The view named FAQ (spec section 2): page title FAQ; under the header
 * section (the shared Layout), a horizontal line and a content section with a
 * bulleted list of two links, to the FAQ pages for English UK and English US,
 * each opening in a new tab.
 */
export function FaqPage() {
  usePageTitle('FAQ', { exact: true });
  return (
    <div className="sf-page sf-faq" data-view="FAQ">
      <h1 className="sf-faq__title">FAQ</h1>
      <hr className="sf-faq__rule" />
      <section className="sf-faq__content" aria-label="FAQ pages">
        <ul className="sf-faq__links">
          {FAQ_LINKS.map((l) => (
            <li key={l.href}>
              <SiteLink to={l.href} newWindow>
                {l.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
