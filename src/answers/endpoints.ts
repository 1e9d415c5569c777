// Every operation of the API in one list, assembled from the resources' endpoint tables: what the
// router registers, the renderer stores, OpenAPI documents and the guards classify.

import { glosowania } from '../glosowania/endpoints.ts';
import { polityki } from '../polityki/endpoints.ts';
import { posiedzenia } from '../posiedzenia/endpoints.ts';
import { radni } from '../radni/endpoints.ts';
import { statystyki } from '../statystyki/endpoints.ts';
import { utils } from '../utils/endpoints.ts';
import type { AnyEndpoint } from './endpoint.ts';

export const API_ENDPOINTS: readonly AnyEndpoint[] = [
  radni,
  glosowania,
  statystyki,
  posiedzenia,
  utils,
  polityki,
].flatMap((table) => Object.values(table));
