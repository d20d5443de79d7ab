// Cache lifetimes of every item type, spec/data-layer.md section 9 ("Cache lifetimes"), in milliseconds.
// One table: adapters name their type here instead of repeating a number.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LIFETIMES = {
  record: 30 * SECOND,
  recordCollection: 2 * MINUTE,
  listInfo: 15 * MINUTE,
  listRecords: 30 * SECOND,
  listSummaries: 30 * DAY,
  objectInfo: 15 * MINUTE,
  layout: 15 * MINUTE,
  layoutUserState: 15 * MINUTE,
  recordUi: 15 * MINUTE,
  quickActionInfo: 15 * MINUTE,
  quickActionLayout: 15 * MINUTE,
  quickActionDefaults: 15 * MINUTE,
  duplicatesConfiguration: 15 * MINUTE,
  listObjectInfo: 15 * MINUTE,
  listPreferences: 15 * MINUTE,
  picklistValues: 15 * MINUTE,
  relatedListInfo: 15 * MINUTE,
  relatedListPreferences: 15 * MINUTE,
  recordDefaults: 15 * MINUTE,
  recordCreateTemplate: 15 * MINUTE,
  actions: 5 * MINUTE,
  apps: 5 * MINUTE,
  formulaActivation: 5 * MINUTE,
  navItems: 2 * MINUTE,
  directoryEntries: 30 * DAY,
  quickActionExecution: 30 * DAY,
  platformActions: 30 * DAY,
  actionOverrides: 30 * DAY,
  pageReferences: 30 * DAY,
  contentDocument: 30 * DAY,
  duplicatesCheck: 30 * SECOND,
  searchFilterMetadata: 30 * SECOND,
  searchFilterOptions: 30 * SECOND,
  lookupMetadata: 30 * SECOND,
  relatedListRecords: 30 * SECOND,
  avatarBatch: 5 * MINUTE,
  avatarBatchError: HOUR,
  recordAvatars: HOUR,
  searchResults: 200,
  cloneTemplate: SECOND,
  seoProperties: HOUR,
  default: 30 * DAY,
} as const;

export type ItemType = keyof typeof LIFETIMES;
