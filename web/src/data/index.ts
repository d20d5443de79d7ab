// The client data layer: the only code that talks to the server.
export * from './config';
export * from './errors';
export * from './effectiveAccount';
export * from './http';
export * from './retry';
export * from './appContext';
export * from './api';
export * from './catalog';
export * from './search';
export * from './seo';
export * from './navigation';
export * from './cart';
export * from './cms';
export * from './searchSuggestions';
