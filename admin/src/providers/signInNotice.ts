/**
 * The sign-in's success message (a success toast with the server message, then /admin),
 * kept until the admin layout shows it: the sign-in page's toast area goes with it when /admin opens.
 */
const SIGN_IN_NOTICE_KEY = 'signInNotice';

export const rememberSignInNotice = (message: string) => sessionStorage.setItem(SIGN_IN_NOTICE_KEY, message);

export function takeSignInNotice(): string | null {
  const message = sessionStorage.getItem(SIGN_IN_NOTICE_KEY);
  sessionStorage.removeItem(SIGN_IN_NOTICE_KEY);
  return message;
}
