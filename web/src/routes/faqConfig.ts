/** The search box placeholder of the FAQ page (spec section 2); the route table sets it before the page loads. */
export const FAQ_SEARCH_PLACEHOLDER = 'Search for a product...';
