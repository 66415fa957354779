import englishMessages from 'ra-language-english';
import { MESSAGES } from '@app/domain';

/** English texts of the admin; keys follow react-admin's `resources.<name>.fields.<field>` convention. */
export const en = {
  ...englishMessages,
  app: {
    login: {
      title: 'Sign In',
      subtitle: 'Sign in to the back-office',
      email: 'Email ID',
      password: 'Password',
      submit: 'Sign In',
    },
    header: { welcome: 'Welcome %{name}', logout: 'Logout', language: 'Language' },
    validation: MESSAGES,
  },
};
/** The shape every language fills in: the same keys, strings of its own. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type AppMessages = Texts<typeof en>;
