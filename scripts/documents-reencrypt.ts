/**
 * npm run documents:reencrypt: rewrites every stored document not yet under DATA_KEY (files written before
 * encryption, or under a key now in DATA_KEY_PREVIOUS) encrypted under it. Once it has run, the keys in
 * DATA_KEY_PREVIOUS can be dropped. Run it while no retention run or erase is removing documents.
 */
import { loadConfig } from '../api/src/config.js';
import { createStoredFiles, reencryptDocuments } from '../api/src/storage/index.js';

const config = loadConfig();
const rewritten = await reencryptDocuments(createStoredFiles(config), config.dataKey, config.dataKeysPrevious);
console.log(`${rewritten} document(s) rewritten under DATA_KEY.`);
