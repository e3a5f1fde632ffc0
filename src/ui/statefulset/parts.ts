/** The StatefulSet views, one chunk loaded on demand by the Cluster and Controls panels. */
export { StatefulSetFields } from './StatefulSetFields.tsx';
export { StatefulSetOrdinals } from './StatefulSetOrdinals.tsx';
