// The wire adapters whose answer is cached whole (records inside it still normalised), with the config names of
// LWC's lightning/ui*Api modules. Each is a config check plus the request it makes; the cache key is the request,
// so two configs asking the same thing share one entry and one fetch.

import type { Adapter, NetworkRequest } from './engine';
import { LIFETIMES, type ItemType } from './lifetimes';
import { fail, fieldPath, object, objectName, optBool, optFieldPaths, optInt, optRecordId, optStr, optStrList, recordId, str, strList, unsupported } from './validate';

export { getRecord, getRecords } from './recordAdapters';
export { getRecordAvatars, type AvatarBatch, type AvatarItem, type RecordAvatar } from './avatarAdapters';

type Raw = Record<string, unknown>;

function define<T = unknown>(name: string, type: ItemType, build: (c: Raw) => NetworkRequest): Adapter<NetworkRequest, T> {
  return {
    name,
    type,
    // The checked config is the request itself: nothing else decides the answer.
    validate: (raw) => build(object(raw)),
    key: (req) => `${name}:${JSON.stringify(req)}`,
    request: (req) => req,
  };
}

const get = (path: string, query?: NetworkRequest['query']): NetworkRequest => ({ method: 'GET', path, query });
const enc = encodeURIComponent;

/** The filters of the action adapters (global, record, lookup). */
function actionQuery(c: Raw): NetworkRequest['query'] {
  return {
    actionTypes: optStrList(c.actionTypes),
    apiNames: optStrList(c.apiNames),
    formFactor: optStr(c.formFactor),
    retrievalMode: optStr(c.retrievalMode),
    sections: optStrList(c.sections),
  };
}

/** fields, optionalFields, pageSize, pageToken, sortBy and where of the list and related-list reads. */
function listBody(c: Raw) {
  return {
    fields: optFieldPaths(c.fields),
    optionalFields: optFieldPaths(c.optionalFields),
    pageSize: optInt(c.pageSize),
    pageToken: optStr(c.pageToken),
    sortBy: optStrList(c.sortBy),
    where: optStr(c.where),
  };
}

// Object metadata and layouts.

export const getObjectInfo = define('getObjectInfo', 'objectInfo', (c) => get(`object-info/${enc(objectName(c.objectApiName))}`));

export const getObjectInfos = define('getObjectInfos', 'objectInfo', (c) =>
  get(`object-info/batch/${strList(c.objectApiNames).map(enc).join(',')}`),
);

export const getObjectInfoDirectory = define('getObjectInfoDirectory', 'directoryEntries', () => get('object-info'));

/** fieldApiName is 'Object.Field' (or a FieldId): the object comes from it. */
export const getPicklistValues = define('getPicklistValues', 'picklistValues', (c) => {
  const [obj, field] = fieldPath(c.fieldApiName).split('.');
  return get(`object-info/${enc(obj)}/picklist-values/${recordId(c.recordTypeId)}/${enc(field)}`);
});

export const getPicklistValuesByRecordType = define('getPicklistValuesByRecordType', 'picklistValues', (c) =>
  get(`object-info/${enc(objectName(c.objectApiName))}/picklist-values/${recordId(c.recordTypeId)}`),
);

/** Layout requires objectApiName, layoutType and mode (section 5). */
export const getLayout = define('getLayout', 'layout', (c) =>
  get(`layout/${enc(objectName(c.objectApiName))}`, {
    layoutType: str(c.layoutType),
    mode: str(c.mode),
    recordTypeId: optRecordId(c.recordTypeId),
    formFactor: optStr(c.formFactor),
  }),
);

/** Layout user state defaults layoutType to Full and mode to View (section 5). */
export const getLayoutUserState = define('getLayoutUserState', 'layoutUserState', (c) =>
  get(`layout/${enc(objectName(c.objectApiName))}/user-state`, {
    layoutType: optStr(c.layoutType) ?? 'Full',
    mode: optStr(c.mode) ?? 'View',
    recordTypeId: optRecordId(c.recordTypeId),
  }),
);

/** Record UI needs recordIds, layoutTypes and modes; formFactor, childRelationships, pageSize, updateMru are unsupported. */
export const getRecordUi = define('getRecordUi', 'recordUi', (c) => {
  unsupported(c, ['formFactor', 'childRelationships', 'pageSize', 'updateMru']);
  return get(`record-ui/${strList(c.recordIds).map(recordId).join(',')}`, {
    layoutTypes: strList(c.layoutTypes),
    modes: strList(c.modes),
    optionalFields: optFieldPaths(c.optionalFields),
  });
});

export const getRecordCreateDefaults = define('getRecordCreateDefaults', 'recordDefaults', (c) =>
  get(`record-defaults/create/${enc(objectName(c.objectApiName))}`, {
    formFactor: optStr(c.formFactor),
    recordTypeId: optRecordId(c.recordTypeId),
    optionalFields: optFieldPaths(c.optionalFields),
  }),
);

export const getRecordTemplateCreate = define('getRecordTemplateCreate', 'recordCreateTemplate', (c) =>
  get(`record-defaults/template/create/${enc(objectName(c.objectApiName))}`, {
    recordTypeId: optRecordId(c.recordTypeId),
    optionalFields: optFieldPaths(c.optionalFields),
  }),
);

export const getRecordTemplateClone = define('getRecordTemplateClone', 'cloneTemplate', (c) =>
  get(`record-defaults/template/clone/${recordId(c.recordId)}`, {
    recordTypeId: optRecordId(c.recordTypeId),
    optionalFields: optFieldPaths(c.optionalFields),
  }),
);

export const getDuplicateConfiguration = define('getDuplicateConfiguration', 'duplicatesConfiguration', (c) =>
  get(`duplicates/${enc(objectName(c.objectApiName))}`, { recordTypeId: optStr(c.recordTypeId) }),
);

// Lists.

/**
 * getListUi: objectApiName plus listViewApiName, or listViewId (section 5); the recent list (__Recent) is the MRU
 * list. Anything else is an unrecognised config.
 */
const listUi = define('getListUi', 'listRecords', (c) => {
  const query = { ...listBody(c), where: undefined };
  if (c.listViewId != null) return get(`list-ui/${recordId(c.listViewId)}`, query);
  if (c.objectApiName == null || c.listViewApiName == null) fail('unrecognized config');
  const obj = enc(objectName(c.objectApiName));
  const view = str(c.listViewApiName);
  return get(view === '__Recent' ? `mru-list-ui/${obj}` : `list-ui/${obj}/${enc(view)}`, query);
});

interface ListUiBody {
  info?: { eTag?: string };
  records?: { listInfoETag?: string; sortBy?: unknown };
}

export const getListUi: Adapter<NetworkRequest, unknown> = {
  ...listUi,
  /**
   * Section 4: sortBy may come as a comma-joined string and is split. An MRU answer whose listInfoETag differs from
   * the one cached for that list means the list changed: its other cached pages are dropped, to be fetched again.
   */
  ingest(store, req, body, now) {
    const answer = { ...(body as ListUiBody) };
    if (typeof answer.records?.sortBy === 'string') answer.records = { ...answer.records, sortBy: answer.records.sortBy.split(',') };
    if (req.path.startsWith('mru-list-ui/')) {
      const etagKey = `mru-list-etag:${req.path}`;
      const cached = store.readEntry<string>(etagKey)?.data;
      const current = answer.records?.listInfoETag ?? answer.info?.eTag;
      if (cached !== undefined && cached !== current) {
        store.evictEntries((key) => key.startsWith('getListUi:') && key.includes(JSON.stringify(req.path)));
      }
      store.putEntry(etagKey, current, LIFETIMES.listInfo, now, LIFETIMES.record);
    }
    store.putEntry(listUi.key(req), answer, LIFETIMES.listRecords, now, LIFETIMES.record);
  },
};

export const getListRecordsByName = define('getListRecordsByName', 'listRecords', (c) => ({
  method: 'POST',
  path: `list-records/${enc(objectName(c.objectApiName))}/${enc(str(c.listViewApiName))}`,
  body: { ...listBody(c), searchTerm: optStr(c.searchTerm) },
}));

export const getListInfoByName = define('getListInfoByName', 'listInfo', (c) =>
  get(`list-info/${enc(objectName(c.objectApiName))}/${enc(str(c.listViewApiName))}`),
);

export const getListInfosByObjectName = define('getListInfosByObjectName', 'listSummaries', (c) =>
  get(`list-info/${enc(objectName(c.objectApiName))}`, {
    pageSize: optInt(c.pageSize),
    pageToken: optStr(c.pageToken),
    q: optStr(c.q),
    recentListsOnly: optBool(c.recentListsOnly),
  }),
);

export const getListObjectInfo = define('getListObjectInfo', 'listObjectInfo', (c) =>
  get(`list-object-info/${enc(objectName(c.objectApiName))}`),
);

export const getListPreferences = define('getListPreferences', 'listPreferences', (c) =>
  get(`list-preferences/${enc(objectName(c.objectApiName))}/${enc(str(c.listViewApiName))}`),
);

// Related lists.

export const getRelatedListRecords = define('getRelatedListRecords', 'relatedListRecords', (c) => {
  for (const k of ['fields', 'optionalFields', 'sortBy']) if (c[k] !== undefined && !Array.isArray(c[k])) fail();
  return {
    method: 'POST',
    path: `related-list-records/${recordId(c.parentRecordId)}/${enc(str(c.relatedListId))}`,
    body: listBody(c),
  };
});

/** Counts change with the related records, so they share the related-list records lifetime. */
export const getRelatedListCount = define('getRelatedListCount', 'relatedListRecords', (c) =>
  get(`related-list-count/${recordId(c.parentRecordId)}/${enc(str(c.relatedListId))}`, { maxCount: optInt(c.maxCount) }),
);

export const getRelatedListInfo = define('getRelatedListInfo', 'relatedListInfo', (c) =>
  get(`related-list-info/${enc(objectName(c.parentObjectApiName))}/${enc(str(c.relatedListId))}`, {
    recordTypeId: optStr(c.recordTypeId),
    fields: optFieldPaths(c.fields),
    optionalFields: optFieldPaths(c.optionalFields),
    restrictColumnsToLayout: optBool(c.restrictColumnsToLayout),
  }),
);

export const getRelatedListsInfo = define('getRelatedListsInfo', 'relatedListInfo', (c) =>
  get(`related-list-info/${enc(objectName(c.parentObjectApiName))}`, { recordTypeId: optStr(c.recordTypeId) }),
);

export const getRelatedListPreferences = define('getRelatedListPreferences', 'relatedListPreferences', (c) =>
  get(`related-list-preferences/${enc(str(c.preferencesId))}`),
);

// Actions, apps and navigation.

export const getGlobalActions = define('getGlobalActions', 'actions', (c) => get('actions/global', actionQuery(c)));

/** Record actions need recordIds plus either sections or apiNames (section 5). */
export const getRecordActions = define('getRecordActions', 'actions', (c) => {
  if (c.sections == null && c.apiNames == null) fail();
  return get(`actions/record/${strList(c.recordIds).map(recordId).join(',')}`, actionQuery(c));
});

export const getQuickActionInfo = define('getQuickActionInfo', 'quickActionInfo', (c) =>
  get(`actions/quick-action-info/${enc(str(c.actionApiName))}`, {
    parentRecordId: optRecordId(c.parentRecordId),
  }),
);

export const getQuickActionLayout = define('getQuickActionLayout', 'quickActionLayout', (c) =>
  get(`actions/layout/${enc(str(c.actionApiName))}`, { objectApiName: optStr(c.objectApiName), recordTypeId: optStr(c.recordTypeId) }),
);

export const getQuickActionDefaults = define('getQuickActionDefaults', 'quickActionDefaults', (c) =>
  get(`actions/record-defaults/${enc(str(c.actionApiName))}`, {
    optionalFields: optFieldPaths(c.optionalFields),
    parentRecordId: optRecordId(c.parentRecordId),
  }),
);

export const getAllApps = define('getAllApps', 'apps', (c) =>
  get('apps', { formFactor: optStr(c.formFactor), userCustomizations: optBool(c.userCustomizations) }),
);

export const getAppDetails = define('getAppDetails', 'apps', (c) =>
  get(`apps/${enc(str(c.appId))}`, { formFactor: optStr(c.formFactor), userCustomizations: optBool(c.userCustomizations) }),
);

export const getNavItems = define('getNavItems', 'navItems', (c) =>
  get('nav-items', {
    formFactor: optStr(c.formFactor),
    navItemNames: optStrList(c.navItemNames),
    page: optInt(c.page),
    pageSize: optInt(c.pageSize),
  }),
);

// Search and lookups.

export const getLookupMetadata = define('getLookupMetadata', 'lookupMetadata', (c) =>
  get(`search-info/${enc(objectName(c.objectApiName))}/lookup/${enc(str(c.fieldApiName))}`),
);

export const getSearchFilterMetadata = define('getSearchFilterMetadata', 'searchFilterMetadata', (c) =>
  get(`search-info/${enc(objectName(c.objectApiName))}/filters`, {
    channel: optStr(c.channel),
    configurationName: optStr(c.configurationName),
  }),
);

export const getSearchFilterOptions = define('getSearchFilterOptions', 'searchFilterOptions', (c) =>
  get(`search-info/${enc(objectName(c.objectApiName))}/filters/${enc(str(c.filterApiName))}/options`, { q: optStr(c.q) }),
);

/** Lookup candidates are search answers: they live as long as search results. */
export const getLookupRecords = define('getLookupRecords', 'searchResults', (c) => {
  const [obj, field] = fieldPath(c.fieldApiName).split('.');
  const p = c.requestParams == null ? {} : object(c.requestParams);
  return get(`lookups/${enc(obj)}/${enc(field)}/${enc(objectName(c.targetApiName))}`, {
    q: optStr(p.q),
    searchType: optStr(p.searchType),
    page: optInt(p.page),
    pageSize: optInt(p.pageSize),
    sourceRecordId: optStr(p.sourceRecordId),
  });
});

export const getKeywordSearchResults = define('getKeywordSearchResults', 'searchResults', (c) => ({
  method: 'POST',
  path: 'search/results/keyword',
  query: { objectApiName: objectName(c.objectApiName), q: str(c.searchTerm) },
  body: { pageSize: optInt(c.pageSize), pageToken: optStr(c.pageToken), sortBy: optStr(c.sortBy), configurationName: optStr(c.configurationName) },
}));
