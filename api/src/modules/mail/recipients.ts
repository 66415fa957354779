import addressparser from 'nodemailer/lib/addressparser/index.js';
import { isEmail } from '@app/domain';

/**
 * Why a mail cannot go to `to`, or null when it is exactly one plain address. Checked as nodemailer
 * reads it (a stored "victim@x, evil@y" would otherwise be two recipients), and without the
 * characters that make lists, groups, comments or display names.
 */
export function recipientProblem(to: string): string | null {
  const parsed = addressparser(to, { flatten: true });
  const single = parsed.length === 1 && parsed[0]!.address === to && !parsed[0]!.name;
  if (single && isEmail(to) && !/[\s,;:<>"'()[\]\\]/.test(to)) return null;
  return `The recipient "${to.slice(0, 200)}" is not one valid email address.`;
}
