import { S3Client } from "@aws-sdk/client-s3";
import type { Config } from "@/lib/config";

type S3Settings = Pick<
  Config,
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "AWS_REGION"
  | "AWS_ACCESS_KEY_ID"
  | "AWS_SECRET_ACCESS_KEY"
>;

/**
 * The S3 client for the configured store. Explicit S3_* credentials win, then AWS_*; with neither,
 * the SDK's own chain (instance role, profile) is used.
 */
export function createS3Client(settings: S3Settings): S3Client {
  const accessKeyId = settings.S3_ACCESS_KEY_ID ?? settings.AWS_ACCESS_KEY_ID;
  const secretAccessKey = settings.S3_SECRET_ACCESS_KEY ?? settings.AWS_SECRET_ACCESS_KEY;
  return new S3Client({
    region: settings.S3_REGION ?? settings.AWS_REGION ?? "us-east-1",
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    // Checksums only where the API requires them: MinIO, Ceph and R2 reject some of the newer defaults.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
