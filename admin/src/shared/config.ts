/** Build-time settings of the admin app. */
export const API_BASE = '/api/';
/** Header title and sign-in tab title; the country the service sells cards for. */
export const COUNTRY_NAME: string = import.meta.env.VITE_COUNTRY_NAME ?? 'Thailand';
/** Tab title of most screens. */
export const PRODUCT_TITLE = 'Arrival Card Back-office';
/** Local storage key of the stored login, the old system's. */
export const STORAGE_KEY = 'user';
