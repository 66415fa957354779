/** Build-time settings of the admin app. */
export const API_BASE = '/api/';
/** Header title and sign-in tab title (SPEC section 2); the country the service sells cards for. */
export const COUNTRY_NAME: string = import.meta.env.VITE_COUNTRY_NAME ?? 'Thailand';
/** Tab title of most screens. */
export const PRODUCT_TITLE = 'Arrival Card Back-office';
/** Local storage key of the stored login (SPEC section 9). */
export const STORAGE_KEY = 'user';
