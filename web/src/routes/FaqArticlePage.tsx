import { useParams } from 'react-router';
import { Breadcrumbs } from './catalog/Breadcrumbs';
import { NotFound } from './catalog/Status';
import { usePageTitle } from './usePageTitle';
import './catalog/catalog.css';

interface Faq {
  q: string;
  a: string;
}

// The same answers in each language's spelling (catalogue/catalog, organisation/organization...).
const ARTICLES: Record<string, { title: string; langName: string; items: Faq[] }> = {
  'en-gb': {
    title: 'Frequently asked questions',
    langName: 'English (UK)',
    items: [
      { q: 'Who can buy from this store?', a: 'Registered business customers. Your organisation’s administrator can ask us for logins for your colleagues.' },
      { q: 'Why do I see different prices after logging in?', a: 'Signed-in buyers see the contract prices agreed for their account. Guests see our standard catalogue prices.' },
      { q: 'How do volume discounts work?', a: 'Products with volume pricing show a table of quantity bands. The unit price of the band your quantity falls in applies to every unit.' },
      { q: 'Why can I only order some products in multiples?', a: 'Some products ship in cases. Their minimum, maximum and increment are shown next to the quantity field.' },
      { q: 'Can I buy for more than one site?', a: 'Yes. If you manage several accounts, choose the account you are buying for; prices and addresses follow that account.' },
      { q: 'How quickly will my order arrive?', a: 'Ground delivery takes 3 to 5 working days and express delivery 1 to 2 working days from dispatch.' },
    ],
  },
  'en-us': {
    title: 'Frequently asked questions',
    langName: 'English (US)',
    items: [
      { q: 'Who can buy from this store?', a: 'Registered business customers. Your organization’s administrator can request logins for your colleagues.' },
      { q: 'Why do I see different prices after logging in?', a: 'Signed-in buyers see the contract prices negotiated for their account. Guests see our standard catalog prices.' },
      { q: 'How do volume discounts work?', a: 'Products with volume pricing show a table of quantity tiers. The unit price of the tier your quantity falls in applies to every unit.' },
      { q: 'Why can I only order some products in multiples?', a: 'Some products ship in cases. Their minimum, maximum and increment are shown next to the quantity field.' },
      { q: 'Can I buy for more than one location?', a: 'Yes. If you manage several accounts, choose the account you are buying for; prices and addresses follow that account.' },
      { q: 'How quickly will my order arrive?', a: 'Ground delivery takes 3 to 5 business days and express delivery 1 to 2 business days from shipment.' },
    ],
  },
};

/** /faq/{language}: the FAQ in one language. */
export function FaqArticlePage() {
  const { lang = '' } = useParams();
  const article = ARTICLES[lang.toLowerCase()];
  usePageTitle(article ? `${article.title} (${article.langName})` : 'Page not found');
  if (!article) return <NotFound title="Page not found" message="There is no FAQ in this language." />;
  return (
    <article className="sf-page sf-faq-article" lang={lang} aria-labelledby="faq-article-title">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'FAQ', to: '/faq' }, { label: article.langName }]} />
      <h1 id="faq-article-title">
        {article.title} <span className="sf-faq-article__lang">{article.langName}</span>
      </h1>
      <dl className="sf-faq-article__list">
        {article.items.map((item) => (
          <div key={item.q} className="sf-faq-article__item">
            <dt>{item.q}</dt>
            <dd>{item.a}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
