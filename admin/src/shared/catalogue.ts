/** The shape every language fills in: the same keys as English, strings of its own. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** A resource's texts in each language of the admin, kept beside the resource and merged by i18n/. */
export const catalogue = <T>(en: T, fr: Texts<T>) => ({ en, fr });
