/**
 * The account's security screens in one lazily loaded chunk (one chunk splits fewer of the first download's
 * modules out of it than three would).
 */
export { default as AccountSecurity } from './AccountSecurity';
export { default as SecurityPrompts } from './SecurityPrompts';
export { SecurityMenuItem } from './SecurityMenuItem';
export { MemberSecurityActions } from './AdminSecurity';
