/**
 * The parts of the S3 SDK that presigning needs, in a module of their own: storage.ts loads it with the first
 * presigned URL (the SDK is a large share of the Worker's startup otherwise), and importing by name here, not
 * the SDK's whole namespace there, keeps its other commands out of the bundle.
 */
export { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
