import type { S3Client } from '@aws-sdk/client-s3';
import { AwsV4Signer } from 'aws4fetch';
import { DEV_S3_ENDPOINT } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import { Code } from '../../contracts/errors';
import { toBase64Url } from '../lib/encoding';
import { ApiError } from '../lib/errors';

/**
 * Object storage through S3-style presigned URLs, so browsers and the engine move media straight to and
 * from R2 without passing it through the Worker. In production the URLs point at R2's S3 endpoint. Local
 * R2 has no S3 endpoint, so in development they point at the Worker's own S3 route (routes/dev-s3.ts),
 * which checks the same SigV4 signatures and writes through the R2 binding: one code path for both.
 * Multipart uploads are created and completed through the binding, which shares upload ids with the S3 API.
 */

export const DEV_S3_PREFIX = API_BASE + DEV_S3_ENDPOINT;
export const DEV_ACCESS_KEY_ID = 'tingyi-dev';
/** Presigned URLs outlive the slowest upload a user would sit through, and no more. */
export const PRESIGN_SECONDS = 6 * 3600;

export interface S3Target {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

type StorageEnv = Pick<Env, 'ENVIRONMENT' | 'JWT_SECRET' | 'R2_BUCKET_NAME'> &
  Partial<Pick<Env, 'R2_ACCOUNT_ID' | 'R2_ACCESS_KEY_ID' | 'R2_SECRET_ACCESS_KEY'>>;

/** The development S3 secret: derived from the Worker's own secret, so only this Worker can sign for its route. */
export async function devSecretAccessKey(env: Pick<Env, 'JWT_SECRET'>): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(env.JWT_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64Url(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode('dev-s3')));
}

/** Where presigned URLs point: R2 when its API keys are configured, else (in development only) this Worker at `origin`. */
export async function s3Target(env: StorageEnv, origin: string): Promise<S3Target> {
  if (env.R2_ACCOUNT_ID && env.R2_ACCESS_KEY_ID && env.R2_SECRET_ACCESS_KEY) {
    return {
      endpoint: `https://${env.R2_ACCOUNT_ID}.r2.cloudflarestorage.com`,
      bucket: env.R2_BUCKET_NAME,
      accessKeyId: env.R2_ACCESS_KEY_ID,
      secretAccessKey: env.R2_SECRET_ACCESS_KEY,
    };
  }
  if (env.ENVIRONMENT === 'development') {
    return { endpoint: origin + DEV_S3_PREFIX, bucket: env.R2_BUCKET_NAME, accessKeyId: DEV_ACCESS_KEY_ID, secretAccessKey: await devSecretAccessKey(env) };
  }
  throw new ApiError(Code.UNAVAILABLE, 'storageNotConfigured');
}

/** The S3 SDK, a large share of the Worker's startup when imported up front, loads with the first presigned URL. */
const sdk = () => import('./s3-presigner');

function client(S3: typeof S3Client, target: S3Target) {
  return new S3({
    region: 'auto',
    endpoint: target.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    // R2 does not take the SDK's default CRC32 checksum parameters; a presigned part must carry none.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** One presigned PUT URL per part number (1-based), in order. */
export async function presignParts(target: S3Target, key: string, uploadId: string, partNumbers: number[]): Promise<string[]> {
  const { S3Client, UploadPartCommand, getSignedUrl } = await sdk();
  const s3 = client(S3Client, target);
  return Promise.all(
    partNumbers.map((PartNumber) =>
      getSignedUrl(s3, new UploadPartCommand({ Bucket: target.bucket, Key: key, UploadId: uploadId, PartNumber }), { expiresIn: PRESIGN_SECONDS }),
    ),
  );
}

/**
 * Where presigned URLs handed to the engine point: R2 when configured, else (development) this Worker at
 * DEV_ORIGIN, the address `npm start` and the tests run it on, which the engine can reach (a browser's
 * request may have come in on another). Queue stages have no request to take an address from at all.
 */
export function engineS3Target(env: StorageEnv & Partial<Pick<Env, 'PUBLIC_ORIGIN' | 'DEV_ORIGIN'>>): Promise<S3Target> {
  return s3Target(env, (env.PUBLIC_ORIGIN || env.DEV_ORIGIN || '').replace(/\/$/, ''));
}

/** A presigned PUT URL of one whole object (known length), for the engine to store what it made. */
export async function presignPut(target: S3Target, key: string): Promise<string> {
  const { S3Client, PutObjectCommand, getSignedUrl } = await sdk();
  return getSignedUrl(client(S3Client, target), new PutObjectCommand({ Bucket: target.bucket, Key: key }), { expiresIn: PRESIGN_SECONDS });
}

/** A presigned GET URL (range requests allowed), for the engine to stream an object from. */
export async function presignGet(target: S3Target, key: string): Promise<string> {
  const { S3Client, GetObjectCommand, getSignedUrl } = await sdk();
  return getSignedUrl(client(S3Client, target), new GetObjectCommand({ Bucket: target.bucket, Key: key }), { expiresIn: PRESIGN_SECONDS });
}

/** Where an engine-side job writing `outputKey` keeps its result (contracts/engine.ts, jobCheckpoint): beside it. */
export const checkpointKey = (outputKey: string) => `${outputKey}.job.json`;

/**
 * The checkpoint of an engine-side job that writes `outputKey`: a job started again after its output was stored
 * (its engine restarted, was evicted or drained before the result was collected) answers the kept result.
 */
export async function jobCheckpoint(target: S3Target, outputKey: string) {
  const kept = checkpointKey(outputKey);
  return { get: await presignGet(target, kept), put: await presignPut(target, kept), output: await presignGet(target, outputKey) };
}

/**
 * Checks a presigned request the way S3 does: recomputes the SigV4 query signature from the method, path,
 * query and host, and refuses expired or tampered URLs. Returns false rather than throwing.
 */
export async function verifyPresigned(request: Request, secretAccessKey: string, accessKeyId: string, now = Date.now()): Promise<boolean> {
  const url = new URL(request.url);
  const q = url.searchParams;
  const signature = q.get('X-Amz-Signature');
  const date = q.get('X-Amz-Date');
  const expires = Number(q.get('X-Amz-Expires'));
  const credential = q.get('X-Amz-Credential')?.split('/');
  if (!signature || !date || !credential || credential.length !== 5 || credential[0] !== accessKeyId) return false;
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || q.get('X-Amz-SignedHeaders') !== 'host') return false;
  const signedAt = Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
  if (!Number.isFinite(signedAt) || !Number.isInteger(expires) || expires <= 0 || expires > 7 * 86400) return false;
  if (now > signedAt + expires * 1000 || now < signedAt - 15 * 60_000) return false;

  const unsigned = new URL(url);
  unsigned.searchParams.delete('X-Amz-Signature');
  const signer = new AwsV4Signer({
    method: request.method,
    url: unsigned.toString(),
    accessKeyId,
    secretAccessKey,
    service: 's3',
    region: credential[2]!,
    datetime: date,
    signQuery: true,
  });
  return timingSafeEqualHex(await signer.signature(), signature);
}

function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
