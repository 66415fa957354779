import fs from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds password hashes, passport data and documents: only the server's own
 * user may read it. Folders are 0700 and files 0600 whatever the umask.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const STICKY_BIT = 0o1000;

/** The folder and every parent that mkdir created (`first`): the umask may have widened them. */
const createdChain = (first: string | undefined, dir: string): string[] => {
  const chain = [dir];
  for (let d = dir; first && d !== first && d !== path.dirname(d);) chain.push((d = path.dirname(d)));
  return chain;
};

/**
 * A shared folder such as /tmp (sticky bit) is refused: making it private would lock every other user and
 * service out of it (MariaDB keeps its temporary tables there).
 */
function refuseSharedDir(dir: string, stats: fs.Stats): void {
  if (stats.mode & STICKY_BIT)
    throw new Error(`${dir} is a shared folder (like /tmp): give the server a folder of its own inside it`);
}

/** Creates the folder (and missing parents) as private, and makes an existing one private too. */
export function ensurePrivateDir(dir: string): void {
  if (fs.existsSync(dir)) refuseSharedDir(dir, fs.statSync(dir));
  const first = fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const d of createdChain(first, dir)) fs.chmodSync(d, PRIVATE_DIR_MODE);
}

export async function ensurePrivateDirAsync(dir: string): Promise<void> {
  const stats = await fs.promises.stat(dir).catch(() => undefined);
  if (stats) refuseSharedDir(dir, stats);
  const first = await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const d of createdChain(first, dir)) await fs.promises.chmod(d, PRIVATE_DIR_MODE);
}

/** Writes a file readable by the server's user only. */
export const writePrivateFile = (file: string, bytes: Buffer | string, flag = 'w') =>
  fs.promises.writeFile(file, bytes, { mode: PRIVATE_FILE_MODE, flag });
