// React hooks over the data layer: useWire(adapter, config, policy) is LWC's @wire(adapter, config); the named
// hooks are it with the adapter filled in. Writes come bound to the layer of the nearest provider.

import { createContext, createElement, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import * as adapters from './adapters';
import type { Adapter, CachePolicy, DataLayer, Snapshot } from './engine';
import type { RecordRep } from './store';
import * as writes from './writes';

const LayerContext = createContext<DataLayer | null>(null);

export function DataLayerProvider({ layer, children }: { layer: DataLayer; children?: ReactNode }) {
  return createElement(LayerContext.Provider, { value: layer }, children);
}

export function useDataLayer(): DataLayer {
  const layer = useContext(LayerContext);
  if (!layer) throw new Error('useDataLayer: no DataLayerProvider above this component');
  return layer;
}

const WAITING: Snapshot<never> = Object.freeze({ state: 'Pending' });

/**
 * The snapshots of one adapter for one config, kept up to date while the component is mounted. An undefined
 * config (its inputs are not known yet) sends nothing and stays Pending, like a wire with undefined parameters.
 */
export function useWire<C, T>(adapter: Adapter<C, T>, config: unknown, policy?: CachePolicy): Snapshot<T> {
  const layer = useDataLayer();
  const key = config === undefined ? undefined : JSON.stringify([adapter.name, config, policy]);
  const [current, setCurrent] = useState<{ key?: string; snap: Snapshot<T> }>({ snap: WAITING });
  useEffect(() => {
    if (key === undefined) return undefined;
    // The key is the config's identity: an equal config written inline on every render does not start a new watch.
    const [, cfg, pol] = JSON.parse(key) as [string, unknown, CachePolicy | null];
    return layer.watch(adapter, cfg, pol ?? undefined, (snap) => setCurrent({ key, snap }));
  }, [layer, adapter, key]);
  return current.key === key ? current.snap : WAITING;
}

type Hook<T = unknown> = (config: unknown, policy?: CachePolicy) => Snapshot<T>;
const hook =
  <C, T>(adapter: Adapter<C, T>): Hook<T> =>
  (config, policy) =>
    useWire(adapter, config, policy);

export const useRecord: Hook<RecordRep> = hook(adapters.getRecord);
export const useRecords = hook(adapters.getRecords);
export const useRecordUi = hook(adapters.getRecordUi);
export const useObjectInfo = hook(adapters.getObjectInfo);
export const useObjectInfos = hook(adapters.getObjectInfos);
export const usePicklistValues = hook(adapters.getPicklistValues);
export const usePicklistValuesByRecordType = hook(adapters.getPicklistValuesByRecordType);
export const useLayout = hook(adapters.getLayout);
export const useLayoutUserState = hook(adapters.getLayoutUserState);
export const useListUi = hook(adapters.getListUi);
export const useListRecords = hook(adapters.getListRecordsByName);
export const useListInfo = hook(adapters.getListInfoByName);
export const useRelatedListRecords = hook(adapters.getRelatedListRecords);
export const useRelatedListCount = hook(adapters.getRelatedListCount);
export const useRecordCreateDefaults = hook(adapters.getRecordCreateDefaults);

/** createRecord, updateRecord, deleteRecord and notifyRecordUpdateAvailable bound to the provider's layer. */
export function useRecordWrites() {
  const layer = useDataLayer();
  return useMemo(
    () => ({
      createRecord: (input: writes.RecordInput) => writes.createRecord(layer, input),
      updateRecord: (input: writes.RecordInput, options?: writes.ClientOptions) => writes.updateRecord(layer, input, options),
      deleteRecord: (recordId: string) => writes.deleteRecord(layer, recordId),
      notifyRecordUpdateAvailable: (records: { recordId: string }[]) => writes.notifyRecordUpdateAvailable(layer, records),
      updateListPreferences: (input: writes.ListPreferencesInput) => writes.updateListPreferences(layer, input),
      markRecordViewed: (input: { recordId: string; objectApiName: string }) => writes.markRecordViewed(layer, input),
    }),
    [layer],
  );
}
