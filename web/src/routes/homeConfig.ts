// The home page's configuration, as a site builder would store it: its
// sections, their column layout (section configuration JSON) and properties,
// and the CMS content they show.

/**
 * The home banner: the demo site's CMS image "Home Banner", by content key, as its background, under the
 * headline and text the page sets (page properties, as a site builder's banner component keeps them). The
 * text is HTML over the image, not part of it, so that it reflows and stays readable on a phone.
 */
export const HOME_BANNER = {
  contentKey: 'MCIOSO6KOHKMTRWQR5OXE4RY',
  title: 'Everything your facility runs on.',
  text: 'Contract pricing, volume discounts and fast delivery.',
} as const;

/** The promise strip under the banner: three equal columns. */
export const VALUE_SECTION_CONFIG = JSON.stringify({
  columns: [
    { columnKey: 'pricing', columnName: 'Contract pricing', columnWidth: 4, seedComponents: [] },
    { columnKey: 'volume', columnName: 'Volume discounts', columnWidth: 4, seedComponents: [] },
    { columnKey: 'delivery', columnName: 'Fast delivery', columnWidth: 4, seedComponents: [] },
  ],
});

/** Each promise's text; signedIn (when given) is what a signed-in buyer reads instead. */
export const VALUES: Record<string, { title: string; text: string; signedIn?: string }> = {
  pricing: {
    title: 'Contract pricing',
    text: 'Log in to buy at the prices negotiated for your account.',
    signedIn: 'The prices you see are the ones negotiated for your account.',
  },
  volume: { title: 'Volume discounts', text: 'Tiered prices on hundreds of products: the more you order, the less each unit costs.' },
  delivery: { title: 'Fast delivery', text: 'Stocked in regional warehouses; ground or express shipping to every site you manage.' },
};

/** How many categories and products the home page features. */
export const FEATURED_CATEGORIES = 8;
export const FEATURED_PRODUCTS = 8;
