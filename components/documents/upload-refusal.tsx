import type { ApiError } from "@/lib/client/api-error";
import { Alert } from "@/components/ui/alert";

const TITLES: Record<number, string> = {
  402: "Not enough tokens for these pages",
  403: "This upload is not allowed",
  413: "Too large for your plan",
  415: "Unsupported file format",
  422: "The upload was not accepted",
  429: "Too many attempts",
};

/** Why the server refused an upload: a title for the kind of refusal and the server's own reason. */
export function UploadRefusal({ error, action }: { error: ApiError; action?: React.ReactNode }) {
  return (
    <Alert tone="error" title={TITLES[error.status] ?? "The upload failed"} action={action}>
      {error.message}
    </Alert>
  );
}
