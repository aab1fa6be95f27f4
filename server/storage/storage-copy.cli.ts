/**
 * `npm run storage:copy`: copies every uploaded file from the disk store
 * (`<DATA_DIR>/uploads`) into the S3 bucket that `S3_BUCKET` names, with its content type.
 * Safe to run again; exits 1 without S3 configuration or when a file fails.
 */
import { runStorageCopy } from './storage-copy';

process.exitCode = await runStorageCopy(process.env);
