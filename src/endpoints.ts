// Every operation of the API in one list, assembled from the resources' schema modules.

import { glosowaniaEndpoints } from './glosowania/schemas.ts';
import { posiedzeniaEndpoints } from './posiedzenia/schemas.ts';
import { radniEndpoints } from './radni/schemas.ts';
import type { Endpoint } from './schemas.ts';
import { statystykiEndpoints } from './statystyki/schemas.ts';
import { utilsEndpoints } from './utils/schemas.ts';

export const API_ENDPOINTS: readonly Endpoint[] = [
  ...radniEndpoints, ...glosowaniaEndpoints, ...statystykiEndpoints, ...posiedzeniaEndpoints, ...utilsEndpoints,
];
