// The staff console's route modules, loaded by routes.tsx with React Router's route-level lazy: the storefront's
// first load includes none of it (nor the records data layer it is built on).
export { ConsoleHome, ConsoleRoot } from './Console';
export { ObjectHome } from './ObjectHome';
export { RecordPage } from './RecordPage';
export { SearchResults } from './SearchResults';
